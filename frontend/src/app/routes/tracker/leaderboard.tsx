import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ScreenHeader } from '@/components/ui/ScreenHeader';
import { useGetModesQuery } from '@/features/matches/api/get-modes';
import { leaderboardModeFrom } from '@/features/players/api/get-leaderboard';
import { Leaderboard } from '@/features/players/components/Leaderboard';
import { LeaderboardModeSelect } from '@/features/players/components/LeaderboardModeSelect';
import { PlayerProfileDialogOnDemand } from '@/features/players/components/PlayerProfileDialogOnDemand';

export default function LeaderboardRoute() {
  const { data: modes = [] } = useGetModesQuery();
  const [searchParams, setSearchParams] = useSearchParams();
  const [selectedPlayerId, setSelectedPlayerId] = useState<number | null>(null);
  const modeId = leaderboardModeFrom(searchParams);

  const changeMode = (next: number | null) => {
    const params = new URLSearchParams(searchParams);
    if (next == null) params.delete('mode');
    else params.set('mode', String(next));
    setSearchParams(params, { replace: true });
  };

  return (
    <>
      <ScreenHeader
        title="Leaderboard"
        subtitle="Top ranked players by ELO rating"
        extra={modes.length > 0 && <LeaderboardModeSelect modes={modes} value={modeId} onChange={changeMode} />}
      />
      <Leaderboard modeId={modeId} onSelect={setSelectedPlayerId} />
      <PlayerProfileDialogOnDemand playerId={selectedPlayerId} onClose={() => setSelectedPlayerId(null)} />
    </>
  );
}
