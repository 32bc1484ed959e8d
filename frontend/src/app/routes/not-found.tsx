import { NotFound } from '@/components/errors/NotFound';
import { usePageTitle } from '@/hooks/use-page-title';

export default function NotFoundRoute() {
  usePageTitle('Page Not Found');
  return <NotFound />;
}
