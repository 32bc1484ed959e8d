import { RosterContent } from '@/features/content/components/RosterContent';
import { PageBlocks } from '@/features/pages/components/PageBlocks';
import { usePageTitle } from '@/hooks/use-page-title';

export default function RosterRoute() {
  usePageTitle('Team Roster');
  return (
    <>
      <RosterContent />
      <PageBlocks slug="roster" />
    </>
  );
}
