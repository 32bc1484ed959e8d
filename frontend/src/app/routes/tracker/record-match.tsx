import { ScreenHeader } from '@/components/ui/ScreenHeader';
import { RecordingGate } from '@/features/matches/components/record-match/RecordingGate';
import { usePageTitle } from '@/hooks/use-page-title';

export default function RecordMatchRoute() {
  usePageTitle('Record Match');
  return (
    <>
      <ScreenHeader title="Record Match" subtitle="Enter match results and performance stats to update ELO ratings." />
      <RecordingGate />
    </>
  );
}
