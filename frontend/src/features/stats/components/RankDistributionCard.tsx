import { Card, Empty, Skeleton } from 'antd';
import { TIER_NAMES, TIERS, VENGEFUL_TIER } from '@team/contracts';
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useGetRankDistributionQuery } from '../api/get-rank-distribution';

const TIER_COLORS: Record<string, string> = Object.fromEntries(
  [VENGEFUL_TIER, ...TIERS].map((tier) => [tier.name, tier.color]),
);

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
    <Card title="Rank Distribution" className="dashboard-card">
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : total === 0 ? (
        <Empty description="No players yet" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <>
          <div className="rank-distribution-chart" aria-hidden>
            <ResponsiveContainer width="100%" height={220}>
              <BarChart data={counts} margin={{ top: 8, right: 8, bottom: 0, left: -20 }} accessibilityLayer={false}>
                <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} vertical={false} />
                <XAxis dataKey="tier" tick={{ fontSize: 11 }} interval={0} />
                <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
                <Tooltip formatter={(value) => [value, 'Players']} cursor={{ fillOpacity: 0.08 }} />
                <Bar dataKey="count" radius={[4, 4, 0, 0]} isAnimationActive={false}>
                  {counts.map((entry) => (
                    <Cell key={entry.tier} fill={TIER_COLORS[entry.tier] ?? '#8884d8'} />
                  ))}
                </Bar>
              </BarChart>
            </ResponsiveContainer>
          </div>
          <ul className="rank-distribution-counts">
            {counts.map((entry) => (
              <li key={entry.tier}>
                <span className="tier-dot" style={{ background: TIER_COLORS[entry.tier] ?? '#8884d8' }} aria-hidden />
                <span>{entry.tier}</span>
                <strong>{entry.count}</strong>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
