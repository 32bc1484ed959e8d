import type { LeaderboardEntry } from '@team/contracts';
import { useMemo, useState, type ReactNode } from 'react';
import { TrophyOutlined } from '@/components/ui/icons/TrophyOutlined';
import { Panel } from '@/components/ui/Panel';
import { PlainButton } from '@/components/ui/PlainButton';
import { ShimmerLines } from '@/components/ui/Shimmer';
import { serverErrorMessage, type ApiRequestError } from '@/lib/api';
import { useNameSuffixes } from '@/lib/player-name';
import { nameSuffixes } from '@/lib/player-names';
import { RANKINGS_PAGE_SIZE, rankingPages, useGetLeaderboardPageQuery, useGetNamesakesQuery } from '../api/get-leaderboard';
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

/** What the board shows: the podium, the page's players and the board's size, or the read's state. */
interface BoardRead {
  /** Undefined until the board's first page (or a season's whole board) is read. */
  podium: LeaderboardEntry[] | undefined;
  /** The page shown; undefined while it is read. */
  entries: LeaderboardEntry[] | undefined;
  total: number;
  /** The page shown: the one chosen, or the last of a shorter board. */
  page: number;
  suffixes: ReadonlyMap<number, string>;
  error: unknown;
  isError: boolean;
  isFetching: boolean;
  refetch: () => void;
}

/**
 * The all-time board, read a page at a time (GET /api/players/leaderboard?limit=&offset=):
 * page 1 always (the podium, and the board's size, so a shorter board's last page is asked for
 * rather than one past its end), and the chosen page when it is another. Same-named players
 * are told apart across the whole board: the page's players and the podium's with their
 * namesakes (GET /api/players/namesakes), wherever on the board those are.
 */
function useAllTimeBoard(modeId: number | null, chosenPage: number, skip: boolean): BoardRead {
  // currentData, not data: data keeps the previous arguments' board while the next one loads.
  const first = useGetLeaderboardPageQuery({ modeId, page: 1 }, { skip });
  const total = first.currentData?.total ?? 0;
  const page = Math.min(chosenPage, rankingPages(total));
  const other = useGetLeaderboardPageQuery({ modeId, page }, { skip: skip || first.currentData === undefined || page === 1 });
  const podium = first.currentData?.entries.slice(0, PODIUM_SIZE);
  const entries = page === 1 ? first.currentData?.entries : other.currentData?.entries;
  const ids = useMemo(() => [...new Set([...(podium ?? []), ...(entries ?? [])].map((entry) => entry.id))].sort((a, b) => a - b), [podium, entries]);
  // data: the last page's namesakes stand until this page's arrive (they only add names).
  const { data: namesakes } = useGetNamesakesQuery(ids, { skip: skip || ids.length === 0 });
  const suffixes = useMemo(() => nameSuffixes([...(podium ?? []), ...(entries ?? []), ...(namesakes ?? [])]), [podium, entries, namesakes]);
  const failed = first.isError ? first : other.isError ? other : null;
  return {
    podium,
    entries,
    total: (page === 1 ? undefined : other.currentData?.total) ?? total,
    page,
    suffixes,
    error: failed?.error,
    isError: failed !== null,
    isFetching: first.isFetching || other.isFetching,
    refetch: () => void failed?.refetch(),
  };
}

/** A season's board: read whole (the server does not page it) and paged here. */
function useSeasonBoard(seasonId: number | null, modeId: number | null, chosenPage: number): BoardRead {
  const { currentData: board, error, isError, isFetching, refetch } = useGetSeasonLeaderboardQuery(
    { seasonId: seasonId ?? 0, modeId },
    { skip: seasonId == null },
  );
  const suffixes = useNameSuffixes(board);
  const total = board?.length ?? 0;
  const page = Math.min(chosenPage, rankingPages(total));
  return {
    podium: board?.slice(0, PODIUM_SIZE),
    entries: board?.slice((page - 1) * RANKINGS_PAGE_SIZE, page * RANKINGS_PAGE_SIZE),
    total,
    page,
    suffixes,
    error,
    isError,
    isFetching,
    refetch: () => void refetch(),
  };
}

/**
 * Podium and "All Rankings" of one rating pool: overall when `modeId` is null. The tracker's
 * landing board is drawn with the public pages' plain components, without antd, so a phone
 * on a slow network shows it about as fast as the home page. The page is kept across the
 * mode and season selects; a shorter board shows its last page.
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
  const [chosenPage, setPage] = useState(1);
  const allTime = useAllTimeBoard(modeId, chosenPage, seasonId != null);
  const season = useSeasonBoard(seasonId, modeId, chosenPage);
  const { podium, entries, total, page, suffixes, error, isError, isFetching, refetch } = seasonId == null ? allTime : season;

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
        <PlainButton onClick={refetch} disabled={isFetching}>
          Try again
        </PlainButton>
      </BoardMessage>
    );
  }

  if (podium === undefined) return <LeaderboardSkeleton />;

  if (podium.length === 0) {
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
      <LeaderboardPodium entries={podium} suffixes={suffixes} onSelect={onSelect} />
      <Panel title="All Rankings" className="rankings-panel">
        <LeaderboardTable entries={entries} total={total} page={page} onPage={setPage} suffixes={suffixes} onSelect={onSelect} />
        <ProvisionalNote players={[...podium, ...(entries ?? [])]} />
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
