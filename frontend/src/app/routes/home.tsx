import { useGetContentQuery } from '@/features/content/api/get-content';
import { HERO_SECTION_ID, HomeHero } from '@/features/content/components/HomeHero';
import { HomeSections } from '@/features/content/components/HomeSections';
import { PageBlocks } from '@/features/pages/components/PageBlocks';
import { HomeFixtures } from '@/features/schedule/components/HomeFixtures';
import { HomeTopPlayers } from '@/features/players/components/HomeTopPlayers';
import { HomeStatCards } from '@/features/stats/components/HomeStatCards';
import { useLiveStream } from '@/lib/use-live-updates';
import { usePageTitle } from '@/hooks/use-page-title';

export default function HomeRoute() {
  usePageTitle(null);
  const { data: sections = [], isLoading } = useGetContentQuery('home');
  // The top players and stat cards move as matches are recorded. The home page shows no live
  // indicator, so the stream's status does not draw it again.
  useLiveStream();
  const hero = sections.find((section) => section.section === HERO_SECTION_ID);
  const extraSections = sections.filter((section) => section !== hero);

  return (
    <div className="home">
      <HomeHero hero={hero} loading={isLoading} />
      <HomeStatCards />
      <HomeFixtures />
      <HomeSections sections={extraSections} />
      <PageBlocks slug="home" />
      <HomeTopPlayers />
    </div>
  );
}
