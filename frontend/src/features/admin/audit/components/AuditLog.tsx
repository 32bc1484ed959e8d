import { HistoryOutlined } from '@ant-design/icons';
import { Alert, Button, Table, Tag, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AuditEntry } from '@team/contracts';
import { serverErrorMessage } from '@/lib/api';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { sessionCovers, useKnownAdminSession } from '@/lib/admin-session';
import { useGetAdminKeysQuery } from '../../shared/api/admin-key-list';
import { useGetAuditEventsInfiniteQuery } from '../api/audit-events';
import { filterFromSearchParams, filterToSearch, type AuditFilter } from '../audit-filter';
import { historyTargetOf, linksOfEntry, type HistoryTarget } from '../history-target';
import { ActorTag } from './ActorTag';
import { AdminScreenHeader } from '../../shared/AdminScreenHeader';
import { AuditFilters } from './AuditFilters';
import { EventDetails } from './EventDetails';
import { useDateFormat } from '@/lib/date-format';
import { HistoryDrawer } from './HistoryDrawer';
import { phoneColumns } from './PhoneColumns';

export interface AuditLogProps {
  onLogout: () => void;
  /** True when the error was a rejected admin key (the session then ends). */
  handleAdminError: (error: unknown) => boolean;
}

function errorDetails(error: unknown): string[] {
  const data = (error as { data?: { details?: unknown } } | undefined)?.data;
  return Array.isArray(data?.details) ? data.details.filter((detail): detail is string => typeof detail === 'string') : [];
}

/** /admin/audit: every event of the log, newest first, filtered by the query string. */
export function AuditLog({ onLogout, handleAdminError }: AuditLogProps) {
  const dates = useDateFormat();
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = filterFromSearchParams(searchParams);
  const search = filterToSearch(filter);
  const events = useGetAuditEventsInfiniteQuery(filter, { refetchOnMountOrArgChange: true });
  // For the Key filter's names; read after the log, whose answer matters more. A key created
  // since the list was read shows by its id until the screen opens again.
  const adminKeys = useGetAdminKeysQuery();
  const [history, setHistory] = useState<HistoryTarget | null>(null);
  // Versions and their restores are the editor's (content sections and pages).
  const canSeeHistory = sessionCovers(useKnownAdminSession(), 'editor');
  const isMobile = useIsMobile();

  const { error } = events;
  useEffect(() => {
    if (error) handleAdminError(error);
  }, [error, handleAdminError]);

  const apply = (next: AuditFilter) => setSearchParams(new URLSearchParams(filterToSearch(next)));
  const rows = events.data?.pages.flatMap((page) => page.events) ?? [];
  const filtered = search !== '';

  const columns: TableColumnsType<AuditEntry> = [
    { title: 'Position', dataIndex: 'position', width: 96 },
    {
      title: 'Time',
      dataIndex: 'recordedAt',
      width: 190,
      render: (recordedAt: string) => (
        <time className="audit-time" dateTime={recordedAt} title={recordedAt}>
          {dates.dateTimeSeconds(recordedAt)}
        </time>
      ),
    },
    { title: 'Type', dataIndex: 'type', render: (type: string) => <Tag>{type}</Tag> },
    { title: 'Stream', dataIndex: 'streamId', render: (streamId: string) => <code>{streamId}</code> },
    {
      title: 'Actor',
      dataIndex: 'actor',
      width: 150,
      render: (_actor, entry) => (
        <span className="audit-actor">
          <ActorTag actor={entry.actor} />
          {entry.adminKey && (
            <Button
              type="link"
              size="small"
              className="audit-key-link"
              title={`Show only the events of the key "${entry.adminKey.name}"`}
              onClick={() => apply({ ...filter, key: entry.adminKey!.id })}
            >
              {entry.adminKey.name}
            </Button>
          )}
        </span>
      ),
    },
    {
      title: 'Summary',
      dataIndex: 'summary',
      render: (summary: string, entry) => {
        const target = canSeeHistory ? historyTargetOf(entry) : null;
        const links = linksOfEntry(entry);
        return (
          <div className="audit-summary">
            <span>{summary}</span>
            {(links.length > 0 || target) && (
              <span className="audit-summary-links">
                {links.map((link) => (
                  <a key={link.href + link.label} href={link.href} target="_blank" rel="noreferrer">
                    {link.label}
                  </a>
                ))}
                {target && (
                  <Button
                    size="small"
                    type="link"
                    icon={<HistoryOutlined />}
                    aria-label={`History of ${target.label}`}
                    onClick={() => setHistory(target)}
                  >
                    History
                  </Button>
                )}
              </span>
            )}
          </div>
        );
      },
    },
  ];

  return (
    <div>
      <AdminScreenHeader title="Audit Log" subtitle="Every match, merge and edit, newest first. Expand a row to see the whole event." onLogout={onLogout} />
      <AuditFilters key={search} value={filter} onApply={apply} adminKeys={adminKeys.data} />

      {events.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: '1rem' }}
          title={serverErrorMessage(events.error, 'Failed to load the audit log')}
          description={errorDetails(events.error).join(' ') || undefined}
          action={
            <Button size="small" onClick={() => events.refetch()}>
              Retry
            </Button>
          }
        />
      )}

      <Table<AuditEntry>
        className="audit-table"
        rowKey="position"
        size="small"
        columns={isMobile ? phoneColumns(columns) : columns}
        dataSource={rows}
        loading={events.isLoading || (events.isFetching && !events.isFetchingNextPage)}
        pagination={false}
        scroll={isMobile ? undefined : { x: 960 }}
        expandable={{
          expandedRowRender: (entry) => (
            <EventDetails entry={entry} onChanged={() => events.refetch()} handleAdminError={handleAdminError} />
          ),
        }}
        locale={{ emptyText: filtered ? 'No events match these filters.' : 'No events have been recorded yet.' }}
      />

      {rows.length > 0 && (
        <div className="audit-more">
          {events.hasNextPage ? (
            <Button onClick={() => events.fetchNextPage()} loading={events.isFetchingNextPage}>
              Load older
            </Button>
          ) : (
            <span className="muted">Start of the log: no older events{filtered ? ' match these filters' : ''}.</span>
          )}
        </div>
      )}

      <HistoryDrawer
        target={history}
        onClose={() => setHistory(null)}
        onRestored={() => events.refetch()}
        handleAdminError={handleAdminError}
      />
    </div>
  );
}
