import { Alert, Button, Card, Skeleton, Table, Tag } from 'antd';
import type { Season } from '@team/contracts';
import { useState } from 'react';
import { useGetSeasonsQuery } from '@/lib/seasons';
import { AdminScreenHeader } from '../../shared/AdminScreenHeader';
import { useDateFormat } from '@/lib/date-format';
import { RenameSeasonDialog } from './RenameSeasonDialog';
import { StartSeasonForm } from './StartSeasonForm';
import '../seasons.css';
import { LoadFailed } from '../../shared/LoadFailed';

export interface SeasonsProps {
  onLogout: () => void;
  /** True when the error was a rejected admin key (the session then ends). */
  handleAdminError: (error: unknown) => boolean;
}

/** /admin/seasons: the seasons (newest first), starting a new one, and renaming. */
export function Seasons({ onLogout, handleAdminError }: SeasonsProps) {
  const dates = useDateFormat();
  // The list is cached for the public screens; the panel reads it fresh when it opens.
  const seasons = useGetSeasonsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [renaming, setRenaming] = useState<Season | null>(null);
  const current = seasons.data?.find((season) => season.current) ?? null;

  return (
    <div>
      <AdminScreenHeader title="Seasons" subtitle="A season is a stretch of the match log with its own leaderboard. Starting one ends the current one." onLogout={onLogout} />
      <StartSeasonForm currentName={current?.name ?? null} handleAdminError={handleAdminError} />

      <Card title="All seasons" role="region" aria-label="All seasons" className="seasons-list">
        <Alert
          type="info"
          showIcon
          className="seasons-note"
          title="A closed season's final standings never change."
          description="Voiding a match that was played in a closed season shows in the audit log and gives the ratings back from then on, but that season's final standings stay as they were when it ended."
        />
        {seasons.isLoading && <Skeleton active paragraph={{ rows: 3 }} />}
        {seasons.isError && (
          <LoadFailed error={seasons.error} fallback='Failed to load the seasons' onRetry={() => seasons.refetch()} />
        )}
        {seasons.data && (
          <Table<Season>
            rowKey="id"
            dataSource={seasons.data}
            pagination={false}
            size="middle"
            locale={{ emptyText: 'No season yet: the first one begins with the first match.' }}
            columns={[
              {
                title: 'Name',
                key: 'name',
                render: (_value, season) => (
                  <span className="seasons-name">
                    {season.name}
                    {season.current && <Tag color="green">Current</Tag>}
                  </span>
                ),
              },
              { title: 'Started', key: 'startedAt', render: (_value, season) => dates.dateTimeSeconds(season.startedAt) },
              {
                title: 'Ended',
                key: 'endedAt',
                render: (_value, season) => (season.endedAt ? dates.dateTimeSeconds(season.endedAt) : <span className="muted">Running</span>),
              },
              {
                title: <span className="sr-only">Actions</span>,
                key: 'actions',
                align: 'right',
                render: (_value, season) => (
                  <Button size="small" onClick={() => setRenaming(season)} aria-label={`Rename ${season.name}`}>
                    Rename
                  </Button>
                ),
              },
            ]}
          />
        )}
      </Card>
      <RenameSeasonDialog season={renaming} onClose={() => setRenaming(null)} handleAdminError={handleAdminError} />
    </div>
  );
}
