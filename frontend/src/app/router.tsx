import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { PublicLayout } from '@/components/layouts/PublicLayout';
import { ScreenFallback } from '@/components/ui/ScreenFallback';
import { RouteErrorBoundary } from './routes/route-error';
import { useScrollRestoration } from './scroll-restoration';

/**
 * Every screen is its own chunk (React.lazy), so the public pages never download
 * tracker, chart or editor code. Layouts render the <Suspense> around their <Outlet>.
 */
function screen(load: () => Promise<{ default: ComponentType }>) {
  const Screen = lazy(load);
  return <Screen />;
}

const AntdScreen = lazy(() => import('@/components/ui/AntdScreen'));

/** Screens drawn with antd components (the admin screens) get its theme and <App>, downloaded with them. */
function withAntd(element: ReactNode) {
  return (
    <Suspense fallback={<ScreenFallback />}>
      <AntdScreen>{element}</AntdScreen>
    </Suspense>
  );
}

const TrackerLayout = lazy(() =>
  import('@/components/layouts/TrackerLayout').then((module) => ({ default: module.TrackerLayout })),
);

const dashboard = () => import('./routes/tracker/dashboard');

export const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <RouteErrorBoundary>
        <PublicLayout />
      </RouteErrorBoundary>
    ),
    children: [
      { index: true, element: screen(() => import('./routes/home')) },
      { path: 'about', element: screen(() => import('./routes/about')) },
      { path: 'roster', element: screen(() => import('./routes/roster')) },
      { path: 'schedule', element: screen(() => import('./routes/schedule')) },
      { path: 'schedule/:id', element: screen(() => import('./routes/fixture')) },
      { path: 'admin', element: withAntd(screen(() => import('./routes/admin/admin-home'))) },
      { path: 'admin/content', element: withAntd(screen(() => import('./routes/admin/content-editor'))) },
      { path: 'admin/pages', element: withAntd(screen(() => import('./routes/admin/page-builder'))) },
      { path: 'admin/merge-players', element: withAntd(screen(() => import('./routes/admin/merge-players'))) },
      { path: 'admin/audit', element: withAntd(screen(() => import('./routes/admin/audit'))) },
      { path: 'admin/operations', element: withAntd(screen(() => import('./routes/admin/operations'))) },
      { path: 'admin/seasons', element: withAntd(screen(() => import('./routes/admin/seasons'))) },
      { path: 'admin/import-export', element: withAntd(screen(() => import('./routes/admin/import-export'))) },
      { path: 'admin/keys', element: withAntd(screen(() => import('./routes/admin/admin-keys'))) },
      { path: 'admin/settings', element: withAntd(screen(() => import('./routes/admin/site-settings'))) },
      { path: 'admin/media', element: withAntd(screen(() => import('./routes/admin/media'))) },
      { path: 'admin/fixtures', element: withAntd(screen(() => import('./routes/admin/fixtures'))) },
      { path: 'admin/webhooks', element: withAntd(screen(() => import('./routes/admin/webhooks'))) },
      { path: 'admin/review', element: withAntd(screen(() => import('./routes/admin/review'))) },
      { path: 'pages/:slug', element: screen(() => import('./routes/shadowed-page')) },
      { path: ':slug', element: screen(() => import('./routes/dynamic-page')) },
      { path: '*', element: screen(() => import('./routes/not-found')) },
    ],
  },
  {
    // Any path starting with /tracker uses the tracker layout (docs/product.md#screens-and-routes).
    path: '/tracker',
    // The tracker's screens use no antd on first load; the profile dialog brings it when opened.
    element: (
      <RouteErrorBoundary>
        <Suspense fallback={<ScreenFallback />}>
          <TrackerLayout />
        </Suspense>
      </RouteErrorBoundary>
    ),
    children: [
      { index: true, element: screen(dashboard) },
      { path: 'dashboard', element: screen(dashboard) },
      { path: 'leaderboard', element: screen(() => import('./routes/tracker/leaderboard')) },
      { path: 'players', element: screen(() => import('./routes/tracker/players')) },
      { path: 'record-match', element: screen(() => import('./routes/tracker/record-match')) },
      { path: 'matches/:id', element: screen(() => import('./routes/tracker/match')) },
      { path: 'submissions/:id', element: screen(() => import('./routes/tracker/submission')) },
      { path: 'compare', element: screen(() => import('./routes/tracker/compare')) },
      { path: 'ratings', element: screen(() => import('./routes/tracker/ratings')) },
      { path: '*', element: screen(() => import('./routes/tracker/not-found')) },
    ],
  },
];

/**
 * The app's screens, under a <BrowserRouter> (main.tsx) or a <MemoryRouter> (tests). The
 * declarative router, not createBrowserRouter: the app loads no route data, and the data
 * router's code weighed about 15 KiB gzipped on every page's first load.
 */
export function AppRoutes() {
  useScrollRestoration();
  return useRoutes(routes);
}
