import { FORMAT_LABELS, MODES, findMode, type Fixture } from '@team/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { plainButtonClass } from '@/components/ui/PlainButton';
import { Panel } from '@/components/ui/Panel';
import { ShimmerLines } from '@/components/ui/Shimmer';
import { useSite } from '@/lib/site';
import { useGetFixtureQuery } from '../api/fixtures-api';
import { visitorTimeZone } from '../fixture-time';
import { Countdown } from './Countdown';
import { resultText } from './FixtureCard';
import { FixtureStatusTag } from './FixtureStatusTag';
import { StreamEmbed } from './StreamEmbed';
import '../schedule.css';
import { useDateFormat } from '@/lib/date-format';

function MapResults({ fixture, teamName }: { fixture: Fixture; teamName: string }) {
  const maps = fixture.result?.maps ?? [];
  if (maps.length === 0) return null;
  return (
    <table className="fixture-maps">
      <caption className="sr-only">Maps</caption>
      <thead>
        <tr>
          <th scope="col">Map</th>
          <th scope="col">Mode</th>
          <th scope="col">{teamName}</th>
          <th scope="col">{fixture.opponent}</th>
        </tr>
      </thead>
      <tbody>
        {maps.map((map, index) => (
          <tr key={index}>
            <td>{map.name}</td>
            <td>{findMode(MODES, map.modeId)?.name ?? '-'}</td>
            <td>{map.teamScore}</td>
            <td>{map.opponentScore}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The fixture's details, with the stream while it is live and the VOD once played. */
export function FixtureDetails({ fixture }: { fixture: Fixture }) {
  const dates = useDateFormat();
  const { teamName } = useSite();
  const title = `${teamName} vs ${fixture.opponent}`;
  const result = resultText(fixture);
  return (
    <article className="fixture-page">
      <header className="fixture-page-header">
        <p className="fixture-page-back">
          <Link to="/schedule">← Schedule</Link>
        </p>
        <h1>{title}</h1>
        <p className="fixture-meta">
          <time dateTime={fixture.startsAt}>{dates.fixture(fixture.startsAt)}</time> ({visitorTimeZone()}) · {fixture.event ? `${fixture.event} · ` : ''}
          {FORMAT_LABELS[fixture.format]} <FixtureStatusTag status={fixture.status} />
        </p>
        {fixture.status === 'upcoming' && (
          <p className="fixture-starts-in">
            Starts in <Countdown startsAt={fixture.startsAt} />
          </p>
        )}
        {result && <p className="fixture-page-result">{result}</p>}
      </header>
      {fixture.status === 'live' && fixture.streamUrl && (
        <Panel title="Live stream">
          <StreamEmbed url={fixture.streamUrl} title={`${title}: live stream`} />
        </Panel>
      )}
      {fixture.status === 'played' && (
        <>
          <MapResults fixture={fixture} teamName={teamName} />
          {fixture.result?.vodUrl && (
            <Panel title="VOD">
              <StreamEmbed url={fixture.result.vodUrl} title={`${title}: VOD`} />
            </Panel>
          )}
        </>
      )}
      {fixture.status !== 'cancelled' && fixture.status !== 'played' && (
        <p>
          <a className={plainButtonClass()} href="/schedule.ics">
            Add to calendar
          </a>
        </p>
      )}
    </article>
  );
}

/** /schedule/:id: one fixture, or `notFound` for an id the API does not know. */
export function FixtureScreen({ fixtureId, notFound }: { fixtureId: number; notFound: ReactNode }) {
  const { data, isLoading, isError } = useGetFixtureQuery(fixtureId);
  if (isLoading) return <ShimmerLines lines={4} />;
  if (isError || !data) return <>{notFound}</>;
  return <FixtureDetails fixture={data} />;
}
