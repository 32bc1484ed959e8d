import type { PlayerMatchRecord } from '@team/contracts';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDate } from '@/utils/format';

export interface RatingPool {
  /** `overall`, or `mode-<id>` for a mode's pool. */
  key: string;
  name: string;
}

export type RatingPoint = { matchId: number; date: string } & Record<string, number | string>;

const POOL_COLOURS = ['#e11d48', '#2563eb', '#16a34a', '#d97706', '#7c3aed', '#0891b2'];

/**
 * The rating after each match, oldest first, one series per rating pool: a mode match moves
 * that mode's rating and leaves the overall one alone (DESIGN §6), so mixing them on one line
 * would draw jumps that never happened. A first point, "Start", holds each pool's rating
 * before its first match, so even one match draws a line. Overall comes first, then the
 * modes as first played.
 */
export function ratingHistory(records: PlayerMatchRecord[]): { points: RatingPoint[]; pools: RatingPool[] } {
  const pools = new Map<string, RatingPool>();
  const startRatings: Record<string, number> = {};
  const points = records
    .filter((record) => record.eloAfter != null)
    .sort((a, b) => a.match.createdAt.localeCompare(b.match.createdAt) || a.match.id - b.match.id)
    .map((record) => {
      const mode = record.match.mode;
      const pool = mode ? { key: `mode-${mode.id}`, name: mode.name } : { key: 'overall', name: 'Overall' };
      if (!pools.has(pool.key)) {
        pools.set(pool.key, pool);
        if (record.eloChange != null) startRatings[pool.key] = record.eloAfter! - record.eloChange;
      }
      return { matchId: record.match.id, date: formatDate(record.match.createdAt), [pool.key]: record.eloAfter! } as RatingPoint;
    });
  const ordered = [...pools.values()].sort((a, b) => Number(b.key === 'overall') - Number(a.key === 'overall'));
  const start = Object.keys(startRatings).length > 0 ? [{ matchId: 0, date: 'Start', ...startRatings } as RatingPoint] : [];
  return { points: [...start, ...points], pools: ordered };
}

/** The rating-history lines of the profile dialog. Loaded lazily: it carries recharts. */
export default function EloHistoryChart({ records }: { records: PlayerMatchRecord[] }) {
  const { points, pools } = ratingHistory(records);
  if (points.length < 2) return null;
  return (
    <figure className="elo-history-chart" aria-label="Rating history">
      <figcaption className="muted">Rating History</figcaption>
      <ResponsiveContainer width="100%" height={pools.length > 1 ? 210 : 180}>
        <LineChart data={points} margin={{ top: 8, right: 12, bottom: 0, left: -12 }}>
          <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} />
          <XAxis dataKey="date" tick={{ fontSize: 11 }} minTickGap={24} />
          <YAxis domain={['dataMin - 20', 'dataMax + 20']} tick={{ fontSize: 11 }} allowDecimals={false} />
          <Tooltip formatter={(value, name) => [value, `${name} ELO`]} />
          {pools.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />}
          {pools.map((pool, index) => (
            <Line
              key={pool.key}
              type="monotone"
              dataKey={pool.key}
              name={pool.name}
              stroke={POOL_COLOURS[index % POOL_COLOURS.length]}
              strokeWidth={2}
              dot={{ r: 3 }}
              connectNulls
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}
