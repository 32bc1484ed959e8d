import type { PlayerMatchRecord } from '@team/contracts';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDate } from '@/utils/format';

interface RatingPoint {
  matchId: number;
  date: string;
  elo: number;
}

/** ELO after each match, oldest first. */
export function ratingHistory(records: PlayerMatchRecord[]): RatingPoint[] {
  return records
    .filter((record) => record.eloAfter != null)
    .sort((a, b) => a.match.createdAt.localeCompare(b.match.createdAt) || a.match.id - b.match.id)
    .map((record) => ({ matchId: record.match.id, date: formatDate(record.match.createdAt), elo: record.eloAfter! }));
}

/** The rating-history line of the profile dialog. Loaded lazily: it carries recharts. */
export default function EloHistoryChart({ records }: { records: PlayerMatchRecord[] }) {
  const points = ratingHistory(records);
  if (points.length < 2) return null;
  return (
    <figure className="elo-history-chart" aria-label="Rating history">
      <figcaption className="muted">Rating History</figcaption>
      <ResponsiveContainer width="100%" height={180}>
        <LineChart data={points} margin={{ top: 8, right: 12, bottom: 0, left: -12 }}>
          <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} />
          <XAxis dataKey="date" tick={{ fontSize: 11 }} minTickGap={24} />
          <YAxis domain={['dataMin - 20', 'dataMax + 20']} tick={{ fontSize: 11 }} allowDecimals={false} />
          <Tooltip formatter={(value) => [value, 'ELO']} />
          <Line type="monotone" dataKey="elo" stroke="#e11d48" strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}
