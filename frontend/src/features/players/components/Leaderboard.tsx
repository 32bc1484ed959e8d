import { TrophyOutlined } from '@/components/ui/icons/TrophyOutlined';
import { Panel } from '@/components/ui/Panel';
import { ShimmerLines } from '@/components/ui/Shimmer';
import { useGetLeaderboardQuery } from '../api/get-leaderboard';
import { useGetSeasonLeaderboardQuery } from '../api/get-seasons';
import { LeaderboardPodium, PODIUM_SIZE } from './LeaderboardPodium';
import { LeaderboardTable } from './LeaderboardTable';

function LeaderboardSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading leaderboard">
      <div className="podium">
        {Array.from({ length: PODIUM_SIZE }, (_, i) => (
          <Panel key={i}>
            <ShimmerLines lines={4} />
          </Panel>
        ))}
      </div>
      <Panel>
        <ShimmerLines lines={9} />
      </Panel>
    </div>
  );
}

/**
 * Podium and "All Rankings" of one rating pool: overall when `modeId` is null. The tracker's
 * landing board is drawn with the public pages' plain components, without antd, so a phone
 * on a slow network shows it about as fast as the home page.
 */
export function Leaderboard({
  modeId,
  seasonId = null,
  onSelect,
}: {
  modeId: number | null;
  /** A season's board instead of the all-time one. */
  seasonId?: number | null;
  onSelect: (playerId: number) => void;
}) {
  const allTime = useGetLeaderboardQuery(modeId, { skip: seasonId != null });
  const season = useGetSeasonLeaderboardQuery({ seasonId: seasonId ?? 0, modeId }, { skip: seasonId == null });
  const { data: entries = [], isLoading, isFetching } = seasonId == null ? allTime : season;

  if (isLoading) return <LeaderboardSkeleton />;

  if (entries.length === 0) {
    return (
      <Panel className="empty-panel">
        <TrophyOutlined className="empty-panel-icon" aria-hidden />
        <p className="muted">No players yet. Record your first match to get started!</p>
      </Panel>
    );
  }

  return (
    <div className="leaderboard" aria-busy={isFetching}>
      <LeaderboardPodium entries={entries} onSelect={onSelect} />
      <Panel title="All Rankings" className="rankings-panel">
        <LeaderboardTable entries={entries} onSelect={onSelect} />
      </Panel>
    </div>
  );
}
