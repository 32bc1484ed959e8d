import type { LeaderboardEntry } from '@team/contracts';
import { useState } from 'react';
import { formatRatio, formatRecord, formatWinRate } from '@/utils/format';
import { onActivationKey } from '@/utils/keyboard';
import { PodiumMedal } from './PodiumMedal';
import { PODIUM_SIZE } from './LeaderboardPodium';
import { TierBadge } from './TierBadge';

export const RANKINGS_PAGE_SIZE = 50;

const HEADERS = ['Rank', 'Player', 'Tier', 'ELO', 'W/L', 'K/D', 'Matches'];

/**
 * "All Rankings" as a plain semantic table. The leaderboard is the tracker's landing page,
 * so it is drawn without antd's Table (its chunk, with Select and Pagination, was most of
 * the page's script and of its main-thread work on a phone); it keeps antd's look through
 * the theme's CSS variables. Long boards page by 50.
 */
export function LeaderboardTable({ entries, onSelect }: { entries: LeaderboardEntry[]; onSelect: (playerId: number) => void }) {
  const pages = Math.max(1, Math.ceil(entries.length / RANKINGS_PAGE_SIZE));
  const [chosenPage, setPage] = useState(1);
  // A shorter board (another pool) shows its last page rather than an empty one.
  const page = Math.min(chosenPage, pages);
  const shown = entries.slice((page - 1) * RANKINGS_PAGE_SIZE, page * RANKINGS_PAGE_SIZE);

  return (
    <>
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
                className={entry.rank <= PODIUM_SIZE ? `leaderboard-row top-${entry.rank}` : 'leaderboard-row'}
                tabIndex={0}
                title="Open profile"
                onClick={() => onSelect(entry.id)}
                onKeyDown={onActivationKey(() => onSelect(entry.id))}
              >
                <td>
                  <span className="table-rank">
                    #{entry.rank} <PodiumMedal rank={entry.rank} />
                  </span>
                </td>
                <td>
                  <strong>{entry.username}</strong>
                </td>
                <td>
                  <TierBadge elo={entry.elo} rank={entry.rank} />
                </td>
                <td>
                  <strong>{entry.elo}</strong>
                </td>
                <td>
                  {formatRecord(entry.wins, entry.losses)} <span className="muted">({formatWinRate(entry.winRate)})</span>
                </td>
                <td>
                  {/* At least 1 reads as positive (green), below 1 as negative (red). */}
                  <span className={entry.kdRatio >= 1 ? 'text-win kd-good' : 'text-loss kd-bad'}>{formatRatio(entry.kdRatio)}</span>
                </td>
                <td>{entry.totalMatches}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 && (
        <nav className="rankings-pager" aria-label="Rankings pages">
          <button type="button" onClick={() => setPage(page - 1)} disabled={page === 1}>
            Previous
          </button>
          {Array.from({ length: pages }, (_, index) => index + 1).map((number) => (
            <button
              key={number}
              type="button"
              onClick={() => setPage(number)}
              aria-current={number === page ? 'page' : undefined}
              aria-label={`Page ${number}`}
            >
              {number}
            </button>
          ))}
          <button type="button" onClick={() => setPage(page + 1)} disabled={page === pages}>
            Next
          </button>
          <span className="muted">
            {(page - 1) * RANKINGS_PAGE_SIZE + 1}–{Math.min(page * RANKINGS_PAGE_SIZE, entries.length)} of {entries.length}
          </span>
        </nav>
      )}
    </>
  );
}
