import { Link } from 'react-router-dom';
import { FORMAT_LABELS, type Fixture } from '@team/contracts';
import { useSite } from '@/lib/site';
import { FixtureStatusTag } from './FixtureStatusTag';
import { useDateFormat } from '@/lib/date-format';

/** `2–1 win`, `0–2 loss`: the series score from the team's side. */
export function resultText(fixture: Fixture): string | null {
  if (!fixture.result) return null;
  const { teamScore, opponentScore } = fixture.result;
  return `${teamScore}–${opponentScore} ${teamScore > opponentScore ? 'win' : 'loss'}`;
}

/** One fixture in a list: who, when (in the visitor's zone), the event and format, and the result once played. */
export function FixtureCard({ fixture }: { fixture: Fixture }) {
  const dates = useDateFormat();
  const result = resultText(fixture);
  const { teamName } = useSite();
  return (
    <li className={`fixture-card fixture-card-${fixture.status}`}>
      <Link to={`/schedule/${fixture.id}`} className="fixture-card-link">
        <span className="fixture-teams">
          {teamName} <span className="fixture-vs">vs</span> {fixture.opponent}
        </span>
        <span className="fixture-meta">
          <time dateTime={fixture.startsAt}>{dates.fixture(fixture.startsAt)}</time>
          {' · '}
          {fixture.event ? `${fixture.event} · ` : ''}
          {FORMAT_LABELS[fixture.format]}
        </span>
        <span className="fixture-outcome">
          {result && <strong className="fixture-result">{result}</strong>}
          <FixtureStatusTag status={fixture.status} />
        </span>
      </Link>
    </li>
  );
}
