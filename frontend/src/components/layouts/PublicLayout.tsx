import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { ThemeToggle } from '@/components/ui/ThemeToggle';
import { ScreenFallback } from '@/components/ui/ScreenFallback';
import { SiteBrand } from './SiteBrand';
import { SiteFooter } from './SiteFooter';
import { SiteNav } from './SiteNav';
import { useSiteIdentity } from './use-site-identity';

export function PublicLayout() {
  useSiteIdentity();
  return (
    <div className="public-shell">
      <header className="public-topbar">
        <SiteBrand size={28} />
        <SiteNav />
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
