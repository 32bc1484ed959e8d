import { withThousands, type LeaderboardEntry } from '@team/contracts';
import { ShimmerLines } from '@/components/ui/Shimmer';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { onActivationKey } from '@/utils/keyboard';
import { RANKINGS_PAGE_SIZE, rankingPages } from '../api/get-leaderboard';
import { RankingCards } from './RankingCards';
import { BoardName, KdRatio, RankLabel, rankingRowClass, WinLoss, type BoardProps } from './ranking-cells';
import { PAGER_GAP, pagerWindow } from './pager-window';
import { TierBadge } from './TierBadge';

interface LeaderboardTableProps extends Omit<BoardProps, 'entries'> {
  /** The players of the page shown; undefined while the page is read. */
  entries: LeaderboardEntry[] | undefined;
  /** How many players the whole board holds. */
  total: number;
  /** The page shown, from 1 (already within the board's pages). */
  page: number;
  onPage: (page: number) => void;
}

const HEADERS = ['Rank', 'Player', 'Tier', 'ELO', 'W/L', 'K/D', 'Matches'];

/**
 * "All Rankings" as a plain semantic table. The leaderboard is the tracker's landing page,
 * so it is drawn without antd's Table (its chunk, with Select and Pagination, was most of
 * the page's script and of its main-thread work on a phone); it keeps antd's look through
 * the theme's CSS variables. It draws one page of a board of `total` players, 50 a page, with
 * a window of page numbers (pager-window.ts); the caller holds the page and reads it (the
 * all-time board from the server, a season's from its whole board). Below 768 px the seven
 * columns do not fit, so each player is a card instead (RankingCards) and nothing hides
 * behind a sideways scroll.
 */
export function LeaderboardTable({ entries: shown, total, page, onPage: setPage, suffixes, onSelect }: LeaderboardTableProps) {
  const isMobile = useIsMobile();
  const pages = rankingPages(total);

  return (
    <>
      {isMobile ? (
        shown === undefined ? (
          <div aria-busy="true" aria-label="Loading page">
            <ShimmerLines lines={9} />
          </div>
        ) : (
          <RankingCards entries={shown} suffixes={suffixes} onSelect={onSelect} />
        )
      ) : (
        <div className="rankings-scroll">
          <table className="rankings-table">
            <thead>
              <tr>
                {HEADERS.map((header) => (
                  <th key={header} scope="col">
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody aria-busy={shown === undefined}>
              {shown === undefined && (
                <tr>
                  <td colSpan={HEADERS.length} aria-label="Loading page">
                    <ShimmerLines lines={9} />
                  </td>
                </tr>
              )}
              {shown?.map((entry) => (
                <tr
                  key={entry.id}
                  className={rankingRowClass(entry.rank)}
                  tabIndex={0}
                  title="Open profile"
                  onClick={() => onSelect(entry.id)}
                  onKeyDown={onActivationKey(() => onSelect(entry.id))}
                >
                  <td>
                    <RankLabel rank={entry.rank} />
                  </td>
                  <td>
                    <BoardName entry={entry} suffixes={suffixes} />
                  </td>
                  <td>
                    <TierBadge elo={entry.elo} rank={entry.rank} />
                  </td>
                  <td>
                    <strong>{entry.elo}</strong>
                  </td>
                  <td>
                    <WinLoss entry={entry} />
                  </td>
                  <td>
                    <KdRatio value={entry.kdRatio} />
                  </td>
                  <td>{entry.totalMatches}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && (
        <nav className="rankings-pager" aria-label="Rankings pages">
          <button type="button" onClick={() => setPage(page - 1)} disabled={page === 1}>
            Previous
          </button>
          {pagerWindow(page, pages).map((number, index) =>
            number === PAGER_GAP ? (
              <span key={`gap-${index}`} className="muted" aria-hidden>
                …
              </span>
            ) : (
              <button
                key={number}
                type="button"
                onClick={() => setPage(number)}
                aria-current={number === page ? 'page' : undefined}
                aria-label={`Page ${number}`}
              >
                {number}
              </button>
            ),
          )}
          <button type="button" onClick={() => setPage(page + 1)} disabled={page === pages}>
            Next
          </button>
          <span className="muted">
            {withThousands((page - 1) * RANKINGS_PAGE_SIZE + 1)}–{withThousands(Math.min(page * RANKINGS_PAGE_SIZE, total))} of {withThousands(total)}
          </span>
        </nav>
      )}
    </>
  );
}
