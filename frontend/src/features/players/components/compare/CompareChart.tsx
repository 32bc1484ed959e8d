import { compareNames, type PlayerComparison } from '@team/contracts';
import { useMemo, useState } from 'react';
import { SegmentedChoice } from '@/components/ui/SegmentedChoice';
import { poolOf, type RatingLine, type RatingPool } from '../../rating-lines';
import EloHistoryChart from '../EloHistoryChart';

/** The rating pools either player has a history in: overall first, then the modes by name. */
function poolsOf(comparison: PlayerComparison): RatingPool[] {
  const pools = new Map<string, RatingPool>();
  for (const point of [...comparison.a.ratingHistory, ...comparison.b.ratingHistory]) {
    const pool = poolOf(point);
    pools.set(pool.key, pool);
  }
  return [...pools.values()].sort((x, y) => Number(y.key === 'overall') - Number(x.key === 'overall') || compareNames(x.name, y.name));
}

/** Both players' rating histories on one chart, in one rating pool at a time (a pool's ratings only compare with the same pool's). */
export function CompareChart({ comparison }: { comparison: PlayerComparison }) {
  const pools = useMemo(() => poolsOf(comparison), [comparison]);
  const [chosen, setChosen] = useState<string | null>(null);
  const pool = pools.find((candidate) => candidate.key === chosen) ?? pools[0];
  if (!pool) return <p className="muted">Neither player has a rating history yet.</p>;

  const lines: RatingLine[] = [comparison.a, comparison.b].map((side, index) => ({
    key: index === 0 ? 'a' : 'b',
    name: side.player.username,
    points: side.ratingHistory.filter((point) => poolOf(point).key === pool.key),
  }));

  return (
    <div className="compare-chart">
      {pools.length > 1 && (
        <SegmentedChoice<string>
          label="Rating pool"
          value={pool.key}
          onChange={setChosen}
          options={pools.map((option) => ({ label: option.name, value: option.key }))}
        />
      )}
      <EloHistoryChart lines={lines} caption={`Rating History (${pool.name})`} />
    </div>
  );
}
