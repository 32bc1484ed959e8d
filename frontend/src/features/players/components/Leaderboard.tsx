import type { ReactNode } from 'react';
import { TrophyOutlined } from '@/components/ui/icons/TrophyOutlined';
import { Panel } from '@/components/ui/Panel';
import { PlainButton } from '@/components/ui/PlainButton';
import { ShimmerLines } from '@/components/ui/Shimmer';
import { serverErrorMessage, type ApiRequestError } from '@/lib/api';
import { useNameSuffixes } from '@/lib/player-name';
import { useGetLeaderboardQuery } from '../api/get-leaderboard';
import { useGetSeasonLeaderboardQuery } from '../api/get-seasons';
import { LeaderboardPodium, PODIUM_SIZE } from './LeaderboardPodium';
import { LeaderboardTable } from './LeaderboardTable';
import { ProvisionalNote } from './ProvisionalTag';
import './leaderboard-message.css';

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
  // currentData, not data: data keeps the previous arguments' board while the next one loads.
  const { currentData: entries, error, isError, isFetching, refetch } = seasonId == null ? allTime : season;
  // Same-named players are told apart across the whole board, not only the page shown.
  const suffixes = useNameSuffixes(entries);

  if (isError) {
    if (seasonId != null && (error as ApiRequestError | undefined)?.status === 404) {
      return (
        <BoardMessage title="Season not found">
          There is no season #{seasonId}. Choose another season, or All time, above.
        </BoardMessage>
      );
    }
    return (
      <BoardMessage title="Leaderboard unavailable" alert>
        The leaderboard could not be loaded. {serverErrorMessage(error, 'Please try again.')}{' '}
        <PlainButton onClick={() => void refetch()} disabled={isFetching}>
          Try again
        </PlainButton>
      </BoardMessage>
    );
  }

  if (entries === undefined) return <LeaderboardSkeleton />;

  if (entries.length === 0) {
    return (
      <BoardMessage>
        {seasonId == null
          ? 'No players yet. Record your first match to get started!'
          : 'No matches in this season yet. Its board fills as matches are recorded.'}
      </BoardMessage>
    );
  }

  return (
    <div className="leaderboard" aria-busy={isFetching}>
      <LeaderboardPodium entries={entries} suffixes={suffixes} onSelect={onSelect} />
      <Panel title="All Rankings" className="rankings-panel">
        <LeaderboardTable entries={entries} suffixes={suffixes} onSelect={onSelect} />
        <ProvisionalNote players={entries} />
      </Panel>
    </div>
  );
}

/** No board to show: an empty one, an unknown season, or a read that failed (announced as an alert). */
function BoardMessage({ title, alert = false, children }: { title?: string; alert?: boolean; children: ReactNode }) {
  return (
    <Panel className="empty-panel">
      <TrophyOutlined className="empty-panel-icon" aria-hidden />
      {title && <h2 className="empty-panel-title">{title}</h2>}
      <p className="muted" role={alert ? 'alert' : undefined}>
        {children}
      </p>
    </Panel>
  );
}
