import { ScreenHeader } from '@/components/ui/ScreenHeader';
import { HowRatingsWork } from '@/features/ratings/components/HowRatingsWork';
import { usePageTitle } from '@/hooks/use-page-title';

export default function RatingsRoute() {
  usePageTitle('How ratings work');
  return (
    <>
      <ScreenHeader title="How ratings work" subtitle="Tiers, provisional players, modes, seasons and the ELO formula" />
      <HowRatingsWork />
    </>
  );
}
