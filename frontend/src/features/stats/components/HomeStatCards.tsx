import { LineChartOutlined } from '@/components/ui/icons/LineChartOutlined';
import { TeamOutlined } from '@/components/ui/icons/TeamOutlined';
import { ThunderboltOutlined } from '@/components/ui/icons/ThunderboltOutlined';
import { StatCard } from '@/components/ui/StatCard';
import { useGetGlobalStatsQuery } from '../api/get-global-stats';
import { displayAverageElo } from './average-elo';

/** Home: Total Players, Matches Played, Average ELO. Failed reads show zero (docs/product.md#api-calls). */
export function HomeStatCards() {
  const { data, isLoading } = useGetGlobalStatsQuery();
  return (
    <section className="stat-grid" aria-label="Statistics">
      <StatCard label="Total Players" value={data?.totalPlayers ?? 0} icon={<TeamOutlined />} loading={isLoading} />
      <StatCard label="Matches Played" value={data?.totalMatches ?? 0} icon={<ThunderboltOutlined />} loading={isLoading} />
      <StatCard label="Average ELO" value={displayAverageElo(data?.avgElo)} icon={<LineChartOutlined />} loading={isLoading} />
    </section>
  );
}
