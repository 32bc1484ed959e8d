import { Link } from 'react-router-dom';
import { FORMAT_LABELS } from '@team/contracts';
import { Panel } from '@/components/ui/Panel';
import { useSite } from '@/lib/site';
import { useGetFixturesQuery } from '../api/fixtures-api';
import { Countdown } from './Countdown';
import { resultText } from './FixtureCard';
import '../schedule.css';
import { useDateFormat } from '@/lib/date-format';

/** The home page's next fixture, with a countdown, and the latest result; nothing while there are neither. */
export function HomeFixtures() {
  const dates = useDateFormat();
  const { teamName } = useSite();
  const upcoming = useGetFixturesQuery({ status: 'upcoming', limit: 1 });
  // Past fixtures include cancelled ones: the latest result is the first played among the last few.
  const past = useGetFixturesQuery({ status: 'past', limit: 5 });
  const next = upcoming.data?.fixtures[0];
  const latest = past.data?.fixtures.find((fixture) => fixture.status === 'played');
  if (!next && !latest) return null;
  return (
    <div className="home-fixtures">
      {next && (
        <Panel title="Next match" aria-label="Next match">
          <Link to={`/schedule/${next.id}`} className="home-fixture-link">
            <span className="fixture-teams">
              {teamName} <span className="fixture-vs">vs</span> {next.opponent}
            </span>
            <span className="fixture-meta">
              <time dateTime={next.startsAt}>{dates.fixture(next.startsAt)}</time> · {FORMAT_LABELS[next.format]}
            </span>
            <span className="home-fixture-countdown">
              {next.status === 'live' ? 'Live now' : <>Starts in <Countdown startsAt={next.startsAt} /></>}
            </span>
          </Link>
        </Panel>
      )}
      {latest && (
        <Panel title="Latest result" aria-label="Latest result">
          <Link to={`/schedule/${latest.id}`} className="home-fixture-link">
            <span className="fixture-teams">
              {teamName} <span className="fixture-vs">vs</span> {latest.opponent}
            </span>
            <strong className="fixture-result">{resultText(latest)}</strong>
          </Link>
        </Panel>
      )}
    </div>
  );
}
