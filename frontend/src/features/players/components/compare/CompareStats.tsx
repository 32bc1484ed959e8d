import type { LeaderboardEntry } from '@team/contracts';
import type { ReactNode } from 'react';
import { PlayerName } from '@/lib/player-name';
import { formatInteger, formatRatio, formatRecord, formatWinRate } from '@/utils/format';
import { TierBadge } from '../TierBadge';

interface StatRow {
  label: string;
  /** The row's `data-stat`, when not its label. */
  stat?: string;
  show: (player: LeaderboardEntry) => ReactNode;
  /** The figure compared to mark the better side; absent for rows where neither is better. */
  better?: (player: LeaderboardEntry) => number;
}

const ROWS: StatRow[] = [
  // Overall, as the chart below may show a mode's ratings.
  { label: 'Overall ELO Rating', stat: 'ELO Rating', show: (p) => formatInteger(p.elo), better: (p) => p.elo },
  { label: 'Rank', show: (p) => `#${p.rank}`, better: (p) => -p.rank },
  { label: 'Tier', show: (p) => <TierBadge elo={p.elo} rank={p.rank} /> },
  { label: 'W-L', show: (p) => formatRecord(p.wins, p.losses) },
  { label: 'Win Rate', show: (p) => formatWinRate(p.winRate), better: (p) => p.winRate },
  { label: 'K/D Ratio', show: (p) => formatRatio(p.kdRatio), better: (p) => p.kdRatio },
  { label: 'Avg Score', show: (p) => formatInteger(p.avgScore), better: (p) => p.avgScore },
  { label: 'Matches', show: (p) => formatInteger(p.totalMatches) },
];

/** The two players' figures side by side; the better of two different figures is marked. */
export function CompareStats({ a, b, suffixes }: { a: LeaderboardEntry; b: LeaderboardEntry; suffixes: ReadonlyMap<number, string> }) {
  return (
    <table className="compare-stats">
      <caption className="sr-only">Side-by-side stats</caption>
      <thead>
        <tr>
          <th scope="col">Stat</th>
          <th scope="col">
            <PlayerName player={a} suffixes={suffixes} />
          </th>
          <th scope="col">
            <PlayerName player={b} suffixes={suffixes} />
          </th>
        </tr>
      </thead>
      <tbody>
        {ROWS.map((row) => {
          const [x, y] = row.better ? [row.better(a), row.better(b)] : [0, 0];
          return (
            <tr key={row.label} data-stat={row.stat ?? row.label}>
              <th scope="row">{row.label}</th>
              <td data-better={x > y || undefined}>{row.show(a)}</td>
              <td data-better={y > x || undefined}>{row.show(b)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
