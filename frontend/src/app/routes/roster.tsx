import { RosterContent } from '@/features/content/components/RosterContent';
import { usePageTitle } from '@/hooks/use-page-title';

export default function RosterRoute() {
  usePageTitle('Team Roster');
  return <RosterContent />;
}
