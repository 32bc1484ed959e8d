import { TIER_NAMES, TIERS, VENGEFUL_TIER } from '@team/contracts';
import { EmptyState } from '@/components/ui/EmptyState';
import { Panel } from '@/components/ui/Panel';
import { ShimmerLines } from '@/components/ui/Shimmer';
import { useGetRankDistributionQuery } from '../api/get-rank-distribution';
import { RankDistributionChart } from './RankDistributionChart';

const TIER_COLORS: Record<string, string> = Object.fromEntries(
  [VENGEFUL_TIER, ...TIERS].map((tier) => [tier.name, tier.color]),
);

/** A tier this build does not know yet. */
const FALLBACK_COLOR = '#8884d8';

interface TierCount {
  tier: string;
  count: number;
}

/** Tiers best first, then any tier the server knows that this build does not. */
export function tierCounts(distribution: Record<string, number>): TierCount[] {
  const names = [...TIER_NAMES, ...Object.keys(distribution).filter((name) => !TIER_NAMES.includes(name))];
  return names.map((tier) => ({ tier, count: distribution[tier] ?? 0 }));
}

export function RankDistributionCard() {
  const { data, isLoading } = useGetRankDistributionQuery();
  const counts = data ? tierCounts(data) : [];
  const total = counts.reduce((sum, entry) => sum + entry.count, 0);

  return (
    <Panel title="Rank Distribution" className="dashboard-card">
      {isLoading ? (
        <ShimmerLines lines={6} />
      ) : total === 0 ? (
        <EmptyState description="No players yet" />
      ) : (
        <>
          <RankDistributionChart
            bars={counts.map((entry) => ({ label: entry.tier, value: entry.count, color: TIER_COLORS[entry.tier] ?? FALLBACK_COLOR }))}
          />
          <ul className="rank-distribution-counts">
            {counts.map((entry) => (
              <li key={entry.tier}>
                <span className="tier-dot" style={{ background: TIER_COLORS[entry.tier] ?? FALLBACK_COLOR }} aria-hidden />
                <span>{entry.tier}</span>
                <strong>{entry.count}</strong>
              </li>
            ))}
          </ul>
        </>
      )}
    </Panel>
  );
}
