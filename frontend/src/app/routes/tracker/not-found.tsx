import { NotFound } from '@/components/errors/NotFound';
import { usePageTitle } from '@/hooks/use-page-title';

export default function TrackerNotFoundRoute() {
  usePageTitle('Page Not Found');
  return <NotFound homeTo="/tracker/dashboard" homeLabel="Back to Dashboard" />;
}
