import { AboutContent } from '@/features/content/components/AboutContent';
import { PageBlocks } from '@/features/pages/components/PageBlocks';
import { usePageTitle } from '@/hooks/use-page-title';

export default function AboutRoute() {
  usePageTitle('About');
  return (
    <>
      <AboutContent />
      <PageBlocks slug="about" />
    </>
  );
}
