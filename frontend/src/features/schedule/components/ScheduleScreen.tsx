import { EmptyState } from '@/components/ui/EmptyState';
import { Panel } from '@/components/ui/Panel';
import { plainButtonClass } from '@/components/ui/PlainButton';
import { ScreenHeader } from '@/components/ui/ScreenHeader';
import { ShimmerLines } from '@/components/ui/Shimmer';
import { useGetFixturesQuery } from '../api/fixtures-api';
import { visitorTimeZone } from '../fixture-time';
import { FixtureCard } from './FixtureCard';
import '../schedule.css';

/** Fixtures a section lists. */
const SECTION_LIMIT = 50;

function FixtureSection({ status, title, empty }: { status: 'upcoming' | 'past'; title: string; empty: string }) {
  const { data, isLoading, isError } = useGetFixturesQuery({ status, limit: SECTION_LIMIT });
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
  // Both lists appear together: the Results panel never moves down as the Upcoming one fills in
  // (a layout shift Lighthouse counts). Each section reads the same cached answer.
  const upcoming = useGetFixturesQuery({ status: 'upcoming', limit: SECTION_LIMIT });
  const past = useGetFixturesQuery({ status: 'past', limit: SECTION_LIMIT });
  const loading = upcoming.isLoading || past.isLoading;
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
      {loading ? (
        <ShimmerLines lines={4} />
      ) : (
        <>
          <FixtureSection status="upcoming" title="Upcoming" empty="No upcoming matches scheduled." />
          <FixtureSection status="past" title="Results" empty="No results yet." />
        </>
      )}
    </div>
  );
}
