import { withThousands } from '@team/contracts';
import { useState } from 'react';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { onActivationKey } from '@/utils/keyboard';
import { RankingCards } from './RankingCards';
import { BoardName, KdRatio, RankLabel, rankingRowClass, WinLoss, type BoardProps } from './ranking-cells';
import { PAGER_GAP, pagerWindow } from './pager-window';
import { TierBadge } from './TierBadge';

export const RANKINGS_PAGE_SIZE = 50;

const HEADERS = ['Rank', 'Player', 'Tier', 'ELO', 'W/L', 'K/D', 'Matches'];

/**
 * "All Rankings" as a plain semantic table. The leaderboard is the tracker's landing page,
 * so it is drawn without antd's Table (its chunk, with Select and Pagination, was most of
 * the page's script and of its main-thread work on a phone); it keeps antd's look through
 * the theme's CSS variables. Long boards page by 50, with a window of page numbers
 * (pager-window.ts). Below 768 px the seven columns do not fit, so each player is a card
 * instead (RankingCards) and nothing hides behind a sideways scroll.
 */
export function LeaderboardTable({ entries, suffixes, onSelect }: BoardProps) {
  const isMobile = useIsMobile();
  const pages = Math.max(1, Math.ceil(entries.length / RANKINGS_PAGE_SIZE));
  const [chosenPage, setPage] = useState(1);
  // A shorter board (another pool) shows its last page rather than an empty one.
  const page = Math.min(chosenPage, pages);
  const shown = entries.slice((page - 1) * RANKINGS_PAGE_SIZE, page * RANKINGS_PAGE_SIZE);

  return (
    <>
      {isMobile ? (
        <RankingCards entries={shown} suffixes={suffixes} onSelect={onSelect} />
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
            <tbody>
              {shown.map((entry) => (
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
            {withThousands((page - 1) * RANKINGS_PAGE_SIZE + 1)}–{withThousands(Math.min(page * RANKINGS_PAGE_SIZE, entries.length))} of {withThousands(entries.length)}
          </span>
        </nav>
      )}
    </>
  );
}
