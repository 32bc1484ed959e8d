import type { AuditEntry } from '@team/contracts';
import { linksOfEntry } from '../history-target';
import { EventActions } from './EventActions';
import { LeaderboardAsOf } from './LeaderboardAsOf';
import { SeasonEventDetails } from './SeasonEventDetails';

/** Ladder events move ratings (a season's soft reset too): their rows show the board as it stood right after them. */
const LADDER_EVENT = /^(MatchRecorded|PlayersMerged|MatchVoided|PlayersUnmerged|SeasonStarted)$/;

interface EventDetailsProps {
  entry: AuditEntry;
  /** Called after a correction was appended from this row (the log reloads). */
  onChanged?: () => void;
  handleAdminError?: (error: unknown) => boolean;
}

/** The expanded audit row: who and what, corrections, the board at that point, then the event as JSON. */
export function EventDetails({ entry, onChanged = () => {}, handleAdminError = () => false }: EventDetailsProps) {
  const links = linksOfEntry(entry);
  const json = JSON.stringify(
    { position: entry.position, streamId: entry.streamId, revision: entry.revision, type: entry.type, data: entry.data, metadata: entry.metadata },
    null,
    2,
  );
  return (
    <div className="audit-details">
      <dl>
        <dt>Correlation ID</dt>
        <dd>
          <code>{entry.correlationId}</code>
        </dd>
        <dt>Caller fingerprint</dt>
        <dd>{entry.fingerprint ? <code>{entry.fingerprint}</code> : <span className="muted">None</span>}</dd>
        <dt>Stream revision</dt>
        <dd>{entry.revision}</dd>
        <dt>Touched</dt>
        <dd>
          {links.length === 0 ? (
            <span className="muted">No players or pages</span>
          ) : (
            <span className="audit-summary-links">
              {links.map((link) => (
                <a key={link.href + link.label} href={link.href} target="_blank" rel="noreferrer">
                  {link.label}
                </a>
              ))}
            </span>
          )}
        </dd>
      </dl>
      <SeasonEventDetails entry={entry} />
      <div className="audit-actions">
        <EventActions entry={entry} onChanged={onChanged} handleAdminError={handleAdminError} />
      </div>
      {LADDER_EVENT.test(entry.type) && <LeaderboardAsOf position={entry.position} />}
      <pre className="audit-json" tabIndex={0} aria-label={`Event ${entry.position} as JSON`}>
        {json}
      </pre>
    </div>
  );
}
