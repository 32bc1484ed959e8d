import { AboutContent } from '@/features/content/components/AboutContent';

export default function AboutRoute() {
  return <AboutContent />;
}
