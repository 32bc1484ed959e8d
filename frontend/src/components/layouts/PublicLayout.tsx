import { Suspense } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { BrandLogo } from '@/components/brand/BrandLogo';
import { ThemeToggle } from '@/components/ui/ThemeToggle';
import { ScreenFallback } from '@/components/ui/ScreenFallback';
import { BRAND_NAME } from '@/config/brand';
import { SiteFooter } from './SiteFooter';
import { SITE_LINKS } from './site-links';

/** docs/product.md#screens-and-routes: Home is active only on exactly "/", the others when the path starts with the link. */
export function isNavLinkActive(pathname: string, to: string): boolean {
  return to === '/' ? pathname === '/' : pathname.startsWith(to);
}

export function PublicLayout() {
  const { pathname } = useLocation();
  return (
    <div className="public-shell">
      <header className="public-topbar">
        <Link to="/" className="public-brand" aria-label={`${BRAND_NAME} home`}>
          <BrandLogo size={28} />
          <span>{BRAND_NAME}</span>
        </Link>
        <nav className="public-nav" aria-label="Main">
          {SITE_LINKS.map((link) => {
            const active = isNavLinkActive(pathname, link.to);
            return (
              <NavLink
                key={link.to}
                to={link.to}
                className={() => (active ? 'public-nav-link active' : 'public-nav-link')}
                aria-current={active ? 'page' : undefined}
              >
                {link.label}
              </NavLink>
            );
          })}
        </nav>
        <ThemeToggle />
      </header>
      <main className="public-main">
        <Suspense fallback={<ScreenFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}
