import { ScreenHeader } from '@/components/ui/ScreenHeader';
import { ComparePlayers } from '@/features/players/components/compare/ComparePlayers';

export default function CompareRoute() {
  return (
    <>
      <ScreenHeader title="Compare Players" subtitle="Side-by-side stats, rating history and matches against each other" />
      <ComparePlayers />
    </>
  );
}
