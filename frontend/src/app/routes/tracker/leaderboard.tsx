import { useSearchParams } from 'react-router-dom';
import { ScreenHeader } from '@/components/ui/ScreenHeader';
import { useGetModesQuery } from '@/features/matches/api/get-modes';
import { leaderboardModeFrom } from '@/features/players/api/get-leaderboard';
import { Leaderboard } from '@/features/players/components/Leaderboard';
import { LeaderboardModeSelect } from '@/features/players/components/LeaderboardModeSelect';
import { leaderboardSeasonFrom } from '@/features/players/api/get-seasons';
import { useGetSeasonsQuery } from '@/lib/seasons';
import { LeaderboardSeasonSelect } from '@/features/players/components/LeaderboardSeasonSelect';
import { PlayerProfileDialogOnDemand } from '@/features/players/components/PlayerProfileDialogOnDemand';
import { useProfileInAddress } from '@/features/players/use-profile-in-address';
import { usePageTitle } from '@/hooks/use-page-title';
import { poolNote } from '@/lib/rating-name';

export default function LeaderboardRoute() {
  usePageTitle('Leaderboard');
  const { data: modes = [] } = useGetModesQuery();
  const [searchParams, setSearchParams] = useSearchParams();
  const profile = useProfileInAddress();
  const { data: seasons = [] } = useGetSeasonsQuery();
  const modeId = leaderboardModeFrom(searchParams);
  const seasonId = leaderboardSeasonFrom(searchParams);

  /** Mode and season stay in the URL, so a board can be linked to. */
  const changeParam = (name: 'mode' | 'season', next: number | null) => {
    const params = new URLSearchParams(searchParams);
    if (next == null) params.delete(name);
    else params.set(name, String(next));
    setSearchParams(params, { replace: true });
  };

  return (
    <>
      <ScreenHeader
        title="Leaderboard"
        subtitle="Top ranked players by ELO rating"
        extra={
          <div className="leaderboard-filters">
            {seasons.length > 0 && (
              <LeaderboardSeasonSelect seasons={seasons} value={seasonId} onChange={(next) => changeParam('season', next)} />
            )}
            {modes.length > 0 && <LeaderboardModeSelect modes={modes} value={modeId} onChange={(next) => changeParam('mode', next)} />}
          </div>
        }
      />
      {/* What the board's numbers count: "Overall" is read as "all matches" otherwise. */}
      <p className="muted board-pool-note">{poolNote(modes.find((mode) => mode.id === modeId))}</p>
      <Leaderboard modeId={modeId} seasonId={seasonId} onSelect={profile.open} />
      <PlayerProfileDialogOnDemand playerId={profile.playerId} onClose={profile.close} />
    </>
  );
}
