import { NotFound } from '@/components/errors/NotFound';

export default function TrackerNotFoundRoute() {
  return <NotFound homeTo="/tracker/dashboard" homeLabel="Back to Dashboard" />;
}
