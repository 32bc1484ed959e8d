import { ScreenHeader } from '@/components/ui/ScreenHeader';
import { PlayersBrowser } from '@/features/players/components/PlayersBrowser';
import { usePageTitle } from '@/hooks/use-page-title';

export default function PlayersRoute() {
  usePageTitle('Players');
  return (
    <>
      <ScreenHeader title="Players" subtitle="Browse all players and their statistics" />
      <PlayersBrowser />
    </>
  );
}
