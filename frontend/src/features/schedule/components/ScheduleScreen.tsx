import { EmptyState } from '@/components/ui/EmptyState';
import { Panel } from '@/components/ui/Panel';
import { plainButtonClass } from '@/components/ui/PlainButton';
import { ScreenHeader } from '@/components/ui/ScreenHeader';
import { ShimmerLines } from '@/components/ui/Shimmer';
import { useGetFixturesQuery } from '../api/fixtures-api';
import { visitorTimeZone } from '../fixture-time';
import { FixtureCard } from './FixtureCard';
import '../schedule.css';

function FixtureSection({ status, title, empty }: { status: 'upcoming' | 'past'; title: string; empty: string }) {
  const { data, isLoading, isError } = useGetFixturesQuery({ status, limit: 50 });
  return (
    <Panel title={title} aria-label={title}>
      {isLoading && <ShimmerLines lines={2} />}
      {isError && <p role="alert">Failed to load the fixtures.</p>}
      {data && data.fixtures.length === 0 && <EmptyState description={empty} />}
      {data && data.fixtures.length > 0 && (
        <ul className="fixture-list">
          {data.fixtures.map((fixture) => (
            <FixtureCard key={fixture.id} fixture={fixture} />
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** /schedule: upcoming fixtures, soonest first, then past results, every time in the visitor's zone. */
export function ScheduleScreen() {
  return (
    <div className="schedule">
      <ScreenHeader
        title="Schedule"
        subtitle={`Upcoming matches and past results. Times are shown in your time zone (${visitorTimeZone()}).`}
        extra={
          <a className={plainButtonClass()} href="/schedule.ics">
            Add to calendar
          </a>
        }
      />
      <FixtureSection status="upcoming" title="Upcoming" empty="No upcoming matches scheduled." />
      <FixtureSection status="past" title="Results" empty="No results yet." />
    </div>
  );
}
