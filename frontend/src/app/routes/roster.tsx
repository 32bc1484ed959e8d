import { RosterContent } from '@/features/content/components/RosterContent';

export default function RosterRoute() {
  return <RosterContent />;
}
