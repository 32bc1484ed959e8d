import { Card, Skeleton, Tag } from 'antd';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import type { AuditEntry } from '@team/contracts';
import { useDateFormat } from '@/lib/date-format';
import { ADMIN_SCREENS } from '../../shared/admin-screens';
import { useGetRecentAuditEventsQuery } from '../api/audit-events';
import { EMPTY_AUDIT_FILTER, filterToSearch } from '../audit-filter';
import { ActorTag } from './ActorTag';
import { LoadFailed } from '../../shared/LoadFailed';

/** How many of the newest events the admin home lists. */
export const RECENT_EVENTS = 10;

/** The audit log filtered to an event's stream and type: the event is among its first rows. */
export function auditLinkOf(entry: AuditEntry): string {
  return `${ADMIN_SCREENS.audit.to}?${filterToSearch({ ...EMPTY_AUDIT_FILTER, stream: entry.streamId, types: [entry.type] })}`;
}

function RecentEvent({ entry }: { entry: AuditEntry }) {
  const dates = useDateFormat();
  return (
    <li className="recent-event">
      <Link className="recent-event-summary" to={auditLinkOf(entry)}>
        {entry.summary}
      </Link>
      <span className="recent-event-facts">
        <time className="audit-time" dateTime={entry.recordedAt} title={entry.recordedAt}>
          {dates.dateTimeSeconds(entry.recordedAt)}
        </time>
        <Tag>{entry.type}</Tag>
        <ActorTag actor={entry.actor} />
        {entry.adminKey && <span className="muted">{entry.adminKey.name}</span>}
      </span>
    </li>
  );
}

export interface RecentEventsProps {
  /** True when the error was a rejected admin key (the session then ends). */
  handleAdminError: (error: unknown) => boolean;
}

/** The newest events of the log, each with the audit log's summary line and a link into the log. */
export function RecentEvents({ handleAdminError }: RecentEventsProps) {
  const events = useGetRecentAuditEventsQuery(RECENT_EVENTS, { refetchOnMountOrArgChange: true });
  const { error } = events;
  useEffect(() => {
    if (error) handleAdminError(error);
  }, [error, handleAdminError]);

  return (
    <Card title="Recent events" size="small" role="region" aria-label="Recent events" className="admin-home-card">
      {events.isLoading && <Skeleton active paragraph={{ rows: 4 }} />}
      {events.isError && (
        <LoadFailed error={events.error} fallback='Failed to load the audit log' onRetry={() => events.refetch()} />
      )}
      {events.data && events.data.events.length === 0 && <p className="muted">No events have been recorded yet.</p>}
      {events.data && events.data.events.length > 0 && (
        <ol className="recent-events">
          {events.data.events.map((entry) => (
            <RecentEvent key={entry.position} entry={entry} />
          ))}
        </ol>
      )}
      <p className="admin-home-more">
        <Link to={ADMIN_SCREENS.audit.to}>Open the whole audit log</Link>
      </p>
    </Card>
  );
}
