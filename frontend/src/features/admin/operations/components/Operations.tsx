import { Alert, Button, Card, Skeleton } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { ProjectionStatus } from '@team/contracts';
import { serverErrorMessage } from '@/lib/api';
import { useToast } from '@/components/ui/toast';
import { AdminScreenHeader } from '../../shared/AdminScreenHeader';
import {
  useGetHealthQuery,
  useGetOperationsQuery,
  useRebuildReadModelsMutation,
  useSetAsideEventMutation,
  useUndoSetAsideEventMutation,
} from '../api/operations';
import { formatCount } from '../rebuild-figures';
import { OpsTime } from './OpsTime';
import { ProjectorWorkerCard } from './ProjectorWorkerCard';
import { DiskNotice } from './DiskNotice';
import { LagTag } from './LagTag';
import { RebuildPanel } from './RebuildPanel';
import { PausedWebhooksPanel } from './PausedWebhooksPanel';
import { SetAsidePanel } from './SetAsidePanel';
import '../operations.css';

/** How often a running rebuild's progress is read. */
export const REBUILD_POLL_MS = 500;
/** Otherwise, how often the screen is read again: a projector failover shows within this. */
export const STATUS_POLL_MS = 5000;

export interface OperationsProps {
  onLogout: () => void;
  /** True when the error was a rejected admin key (the session then ends). */
  handleAdminError: (error: unknown) => boolean;
}

function ProjectionCard({ projection }: { projection: ProjectionStatus }) {
  return (
    <Card title={projection.name} size="small" role="region" aria-label={`Projection ${projection.name}`}>
      <dl className="ops-figures">
        <dt>Position</dt>
        <dd>{formatCount(projection.position)}</dd>
        <dt>Lag</dt>
        <dd>
          <LagTag lag={projection.lag} />
        </dd>
        <dt>Last error</dt>
        <dd>{projection.lastError ? <span style={{ color: 'var(--loss)' }}>{projection.lastError}</span> : 'None'}</dd>
        <dt>Updated</dt>
        <dd>{projection.updatedAt ? <OpsTime iso={projection.updatedAt} /> : 'Never'}</dd>
        <dt>Tables</dt>
        <dd className="ops-tables">
          {projection.tables.map((table) => (
            // A long name is cut with an ellipsis in a narrow card; its title shows it whole.
            <code key={table} title={table}>
              {table}
            </code>
          ))}
        </dd>
      </dl>
    </Card>
  );
}

/** /admin/operations: the log head, each projection's position and lag, and rebuilds. */
export function Operations({ onLogout, handleAdminError }: OperationsProps) {
  const { toast } = useToast();
  // Polls fast while a rebuild runs (RTK Query restarts its timer when the interval changes).
  const [pollingInterval, setPollingInterval] = useState(STATUS_POLL_MS);
  const status = useGetOperationsQuery(undefined, { refetchOnMountOrArgChange: true, pollingInterval });
  const health = useGetHealthQuery(undefined, { refetchOnMountOrArgChange: true, pollingInterval: STATUS_POLL_MS });
  const running = status.data?.rebuild.running ?? false;
  useEffect(() => setPollingInterval(running ? REBUILD_POLL_MS : STATUS_POLL_MS), [running]);
  const [startRebuild, { isLoading: starting }] = useRebuildReadModelsMutation();

  const { error } = status;
  useEffect(() => {
    if (error) handleAdminError(error);
  }, [error, handleAdminError]);

  // A rebuild that ends in failure while the screen is open also raises a toast.
  const wasRunning = useRef(running);
  const lastError = status.data?.rebuild.lastError ?? null;
  useEffect(() => {
    if (wasRunning.current && !running && lastError) {
      toast({ title: 'Rebuild failed', description: lastError, variant: 'destructive' });
    }
    wasRunning.current = running;
  }, [running, lastError, toast]);

  const start = async () => {
    try {
      await startRebuild().unwrap();
      toast({ title: 'Rebuild started', description: 'Every event is being replayed into fresh tables.' });
    } catch (failure) {
      if (!handleAdminError(failure)) {
        toast({ title: 'Error', description: serverErrorMessage(failure, 'Failed to start the rebuild'), variant: 'destructive' });
      }
      status.refetch();
    }
  };

  const [setAsideEvent, { isLoading: settingAside }] = useSetAsideEventMutation();
  const [undoSetAside] = useUndoSetAsideEventMutation();

  const setAside = async (position: number, reason: string) => {
    try {
      await setAsideEvent({ position, reason }).unwrap();
      toast({ title: 'Event set aside', description: `The projector skips event ${position} and goes on.` });
      status.refetch();
      return true;
    } catch (failure) {
      if (!handleAdminError(failure)) {
        toast({ title: 'Error', description: serverErrorMessage(failure, 'Failed to set the event aside'), variant: 'destructive' });
      }
      return false;
    }
  };

  const undo = async (position: number) => {
    try {
      await undoSetAside(position).unwrap();
      toast({ title: 'Set-aside undone', description: `Later rebuilds apply event ${position} again.` });
    } catch (failure) {
      if (!handleAdminError(failure)) {
        toast({ title: 'Error', description: serverErrorMessage(failure, 'Failed to undo the set-aside'), variant: 'destructive' });
      }
    }
    status.refetch();
  };

  const data = status.data;
  return (
    <div>
      <AdminScreenHeader title="Operations" subtitle="The event log, the read models projected from it, and rebuilds." onLogout={onLogout} />

      <DiskNotice health={health.data} />
      {status.isLoading && <Skeleton active paragraph={{ rows: 6 }} />}
      {status.isError && !data && (
        <Alert
          type="error"
          showIcon
          title={serverErrorMessage(status.error, 'Failed to load the operations status')}
          action={
            <Button size="small" onClick={() => status.refetch()}>
              Retry
            </Button>
          }
        />
      )}
      {data && (
        <>
          <div className="ops-cards">
            <Card title="Event log" size="small" role="region" aria-label="Event log">
              <div className="ops-head">{formatCount(data.head)}</div>
              <p className="muted" style={{ margin: '0 0 0.5rem' }}>
                Position of the newest event
              </p>
            </Card>
            <ProjectorWorkerCard worker={data.projector} inThisProcess={data.projectorInThisProcess} />
            {data.projections.map((projection) => (
              <ProjectionCard key={projection.name} projection={projection} />
            ))}
          </div>
          <PausedWebhooksPanel webhooks={data.pausedWebhooks ?? []} />
          <SetAsidePanel
            failing={data.failing ?? null}
            setAside={data.setAside ?? []}
            busy={settingAside}
            onSetAside={setAside}
            onUndo={undo}
          />
          <RebuildPanel rebuild={data.rebuild} starting={starting} onStart={start} />
        </>
      )}
    </div>
  );
}
