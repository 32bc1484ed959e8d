import { ScreenHeader } from '@/components/ui/ScreenHeader';
import { RecentMatchesCard } from '@/features/matches/components/RecentMatchesCard';
import { DashboardTopPlayers } from '@/features/players/components/DashboardTopPlayers';
import { PlayerProfileDialogOnDemand } from '@/features/players/components/PlayerProfileDialogOnDemand';
import { useProfileInAddress } from '@/features/players/use-profile-in-address';
import { DashboardStatCards } from '@/features/stats/components/DashboardStatCards';
import { RankDistributionCard } from '@/features/stats/components/RankDistributionCard';
import { usePageTitle } from '@/hooks/use-page-title';

export default function DashboardRoute() {
  usePageTitle('Dashboard');
  const profile = useProfileInAddress();
  return (
    <>
      <ScreenHeader title="Dashboard" />
      <DashboardStatCards />
      <div className="dashboard-grid">
        <DashboardTopPlayers onSelect={profile.open} />
        <RecentMatchesCard />
        <RankDistributionCard />
      </div>
      <PlayerProfileDialogOnDemand playerId={profile.playerId} onClose={profile.close} />
    </>
  );
}
