import { ScreenHeader } from '@/components/ui/ScreenHeader';
import { RecordMatchForm } from '@/features/matches/components/record-match/RecordMatchForm';

export default function RecordMatchRoute() {
  return (
    <>
      <ScreenHeader title="Record Match" subtitle="Enter match results and performance stats to update ELO ratings." />
      <RecordMatchForm />
    </>
  );
}
