import type { FixtureStatus } from '@team/contracts';

const LABELS: Record<FixtureStatus, string> = { upcoming: 'Upcoming', live: 'Live', played: 'Played', cancelled: 'Cancelled' };

export function FixtureStatusTag({ status }: { status: FixtureStatus }) {
  return <span className={`fixture-status fixture-status-${status}`}>{LABELS[status]}</span>;
}
