import { ScreenHeader } from '@/components/ui/ScreenHeader';
import { ComparePlayers } from '@/features/players/components/compare/ComparePlayers';
import { usePageTitle } from '@/hooks/use-page-title';

export default function CompareRoute() {
  usePageTitle('Compare Players');
  return (
    <>
      <ScreenHeader title="Compare Players" subtitle="Side-by-side stats, rating history and matches against each other" />
      <ComparePlayers />
    </>
  );
}
