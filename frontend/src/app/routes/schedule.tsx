import { ScheduleScreen } from '@/features/schedule/components/ScheduleScreen';
import { usePageTitle } from '@/hooks/use-page-title';

/** /schedule: upcoming fixtures and past results. */
export default function ScheduleRoute() {
  usePageTitle('Schedule');
  return <ScheduleScreen />;
}
