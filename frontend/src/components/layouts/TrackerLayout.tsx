import {
  DashboardOutlined,
  MenuOutlined,
  PlusCircleOutlined,
  TeamOutlined,
  TrophyOutlined,
} from '@ant-design/icons';
import { Button, Drawer, Tooltip } from 'antd';
import { Suspense, useEffect, type ReactNode } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { BrandLogo } from '@/components/brand/BrandLogo';
import { ScreenFallback } from '@/components/ui/ScreenFallback';
import { ThemeToggle } from '@/components/ui/ThemeToggle';
import { BRAND_NAME } from '@/config/brand';
import { useSidebar } from './use-sidebar';

const SIDEBAR_LINKS: { to: string; label: string; icon: ReactNode }[] = [
  { to: '/tracker/dashboard', label: 'Dashboard', icon: <DashboardOutlined /> },
  { to: '/tracker/leaderboard', label: 'Leaderboard', icon: <TrophyOutlined /> },
  { to: '/tracker/players', label: 'Players', icon: <TeamOutlined /> },
  { to: '/tracker/record-match', label: 'Record Match', icon: <PlusCircleOutlined /> },
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
            // `end` makes the active link the one whose path matches exactly (SPEC §2).
            const navLink = (
              <NavLink to={link.to} end className="tracker-sidebar-link" aria-label={collapsed ? link.label : undefined}>
                <span aria-hidden className="tracker-sidebar-icon">
                  {link.icon}
                </span>
                {!collapsed && <span>{link.label}</span>}
              </NavLink>
            );
            return (
              <li key={link.to}>
                {collapsed ? (
                  <Tooltip title={link.label} placement="right">
                    {navLink}
                  </Tooltip>
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

export function TrackerLayout() {
  const { isMobile, open, openMobile, setOpenMobile, toggle } = useSidebar();
  const { pathname } = useLocation();

  useEffect(() => setOpenMobile(false), [pathname, setOpenMobile]);

  const collapsed = !isMobile && !open;

  return (
    <div className="tracker-shell">
      {isMobile ? (
        <Drawer
          placement="left"
          open={openMobile}
          onClose={() => setOpenMobile(false)}
          size="18rem"
          closable={false}
          className="tracker-sidebar-drawer"
          styles={{ body: { padding: 0 } }}
        >
          <SidebarContent collapsed={false} />
        </Drawer>
      ) : (
        <aside className={collapsed ? 'tracker-sidebar collapsed' : 'tracker-sidebar'} data-state={collapsed ? 'collapsed' : 'expanded'}>
          <SidebarContent collapsed={collapsed} />
        </aside>
      )}
      <div className="tracker-body">
        <header className="tracker-topbar">
          <Tooltip title="Toggle Sidebar (Ctrl+B)">
            <Button type="text" aria-label="Toggle Sidebar" icon={<MenuOutlined />} onClick={toggle} />
          </Tooltip>
          <Link to="/" className="public-brand tracker-brand" aria-label={`${BRAND_NAME} home`}>
            <BrandLogo size={24} />
            <span>{BRAND_NAME}</span>
          </Link>
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
      </div>
    </div>
  );
}
