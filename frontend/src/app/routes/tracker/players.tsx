import { ScreenHeader } from '@/components/ui/ScreenHeader';
import { PlayersBrowser } from '@/features/players/components/PlayersBrowser';

export default function PlayersRoute() {
  return (
    <>
      <ScreenHeader title="Players" subtitle="Browse all players and their statistics" />
      <PlayersBrowser />
    </>
  );
}
