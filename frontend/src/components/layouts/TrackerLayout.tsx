import { DashboardOutlined } from '@/components/ui/icons/DashboardOutlined';
import { MenuOutlined } from '@/components/ui/icons/MenuOutlined';
import { PlusCircleOutlined } from '@/components/ui/icons/PlusCircleOutlined';
import { QuestionCircleOutlined } from '@/components/ui/icons/QuestionCircleOutlined';
import { SwapOutlined } from '@/components/ui/icons/SwapOutlined';
import { TeamOutlined } from '@/components/ui/icons/TeamOutlined';
import { TrophyOutlined } from '@/components/ui/icons/TrophyOutlined';
import { Suspense, useCallback, useEffect, useRef, type ReactNode } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { Hint } from '@/components/ui/Hint';
import { LiveIndicator } from '@/components/ui/LiveIndicator';
import { PlainButton } from '@/components/ui/PlainButton';
import { ScreenFallback } from '@/components/ui/ScreenFallback';
import { ThemeToggle } from '@/components/ui/ThemeToggle';
import { useLiveUpdates } from '@/lib/use-live-updates';
import { SiteBrand } from './SiteBrand';
import { SiteFooter } from './SiteFooter';
import { useSiteIdentity } from './use-site-identity';
import { useSidebar } from './use-sidebar';

/**
 * The icons are named here and drawn on render, not made into elements when this module loads,
 * so the order in which the build's chunks run cannot leave them undefined. (The tracker's shared
 * chunk once imported this layout's chunk for a style sheet while this layout imported it: a
 * screen that loaded the shared chunk first ran this module too early, and the sidebar crashed.)
 */
const SIDEBAR_LINKS: { to: string; label: string; icon: () => ReactNode }[] = [
  { to: '/tracker/dashboard', label: 'Dashboard', icon: () => <DashboardOutlined /> },
  { to: '/tracker/leaderboard', label: 'Leaderboard', icon: () => <TrophyOutlined /> },
  { to: '/tracker/players', label: 'Players', icon: () => <TeamOutlined /> },
  { to: '/tracker/record-match', label: 'Record Match', icon: () => <PlusCircleOutlined /> },
  { to: '/tracker/compare', label: 'Compare', icon: () => <SwapOutlined /> },
  { to: '/tracker/ratings', label: 'How ratings work', icon: () => <QuestionCircleOutlined /> },
];

function SidebarContent({ collapsed }: { collapsed: boolean }) {
  return (
    <div className="tracker-sidebar-content">
      <div className="tracker-sidebar-title">
        <TrophyOutlined aria-hidden />
        {!collapsed && <span>ELO Tracker</span>}
      </div>
      <nav aria-label="ELO Tracker">
        <ul className="tracker-sidebar-links">
          {SIDEBAR_LINKS.map((link) => {
            // `end` makes the active link the one whose path matches exactly (docs/product.md#screens-and-routes).
            const navLink = (
              <NavLink to={link.to} end className="tracker-sidebar-link" aria-label={collapsed ? link.label : undefined}>
                <span aria-hidden className="tracker-sidebar-icon">
                  {link.icon()}
                </span>
                {!collapsed && <span>{link.label}</span>}
              </NavLink>
            );
            return (
              <li key={link.to}>
                {collapsed ? (
                  <Hint title={link.label} placement="right">
                    {navLink}
                  </Hint>
                ) : (
                  navLink
                )}
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}

/**
 * The mobile sidebar: a panel sliding over the page above a mask. A click on the mask or
 * Escape closes it; focus moves into it, Tab stays inside it (it is modal), and focus goes
 * back to where it was on close.
 */
function SlideOverSidebar({ onClose }: { onClose: () => void }) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    panel.current?.querySelector<HTMLElement>('a')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
      if (event.key !== 'Tab' || !panel.current) return;
      const focusable = [...panel.current.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      const inside = panel.current.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first?.focus();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      previous?.focus?.();
    };
  }, [onClose]);
  return (
    <>
      <div className="tracker-drawer-mask" aria-hidden onClick={onClose} />
      <div ref={panel} className="tracker-sidebar-drawer" role="dialog" aria-modal="true" aria-label="Tracker menu">
        <SidebarContent collapsed={false} />
      </div>
    </>
  );
}

/**
 * The live indicator and the stream behind it. The status is read here, not in the layout: a
 * change (the stream opening on every first load) then draws the indicator again, not the
 * layout and the screen inside it, in one task the browser cannot split.
 */
function LiveStatus() {
  return <LiveIndicator status={useLiveUpdates()} />;
}

/**
 * The tracker's frame. It uses no antd component: the leaderboard, the tracker's most
 * visited screen, then starts without antd's runtime; the screens that use antd bring it
 * along with their own chunks.
 */
export function TrackerLayout() {
  const { isMobile, open, openMobile, setOpenMobile, toggle } = useSidebar();
  const { pathname } = useLocation();
  useSiteIdentity();

  useEffect(() => setOpenMobile(false), [pathname, setOpenMobile]);
  const closeMobile = useCallback(() => setOpenMobile(false), [setOpenMobile]);

  const collapsed = !isMobile && !open;

  return (
    <div className="tracker-shell">
      {isMobile ? (
        openMobile && <SlideOverSidebar onClose={closeMobile} />
      ) : (
        <aside className={collapsed ? 'tracker-sidebar collapsed' : 'tracker-sidebar'} data-state={collapsed ? 'collapsed' : 'expanded'}>
          <SidebarContent collapsed={collapsed} />
        </aside>
      )}
      <div className="tracker-body">
        <header className="tracker-topbar">
          <Hint title="Toggle Sidebar (Ctrl+B)">
            <PlainButton variant="text" className="plain-button-icon" aria-label="Toggle Sidebar" onClick={toggle}>
              <MenuOutlined />
            </PlainButton>
          </Hint>
          <SiteBrand size={24} className="public-brand tracker-brand" />
          <LiveStatus />
          <ThemeToggle />
        </header>
        <main className="tracker-main">
          <div className="tracker-backdrop" aria-hidden />
          <div className="tracker-content">
            <Suspense fallback={<ScreenFallback />}>
              <Outlet />
            </Suspense>
          </div>
        </main>
        <SiteFooter />
      </div>
    </div>
  );
}
