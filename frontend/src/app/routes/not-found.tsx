import { NotFound } from '@/components/errors/NotFound';

export default function NotFoundRoute() {
  return <NotFound />;
}
