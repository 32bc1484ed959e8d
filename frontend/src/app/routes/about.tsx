import { AboutContent } from '@/features/content/components/AboutContent';
import { usePageTitle } from '@/hooks/use-page-title';

export default function AboutRoute() {
  usePageTitle('About');
  return <AboutContent />;
}
