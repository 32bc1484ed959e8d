import { Card, Tag } from 'antd';
import type { ProjectorWorkerStatus } from '@team/contracts';
import { OpsTime } from './OpsTime';
import { LagTag } from './LagTag';

export interface ProjectorWorkerCardProps {
  worker: ProjectorWorkerStatus;
  /** Whether the active worker is the server process that answered. */
  inThisProcess: boolean;
}

/**
 * Which projector worker applies the log to the read tables now. Several may run: one holds
 * the lock, the others wait and take over within seconds when it stops or is killed.
 */
export function ProjectorWorkerCard({ worker, inThisProcess }: ProjectorWorkerCardProps) {
  return (
    <Card title="Projector" size="small" role="region" aria-label="Projector">
      <dl className="ops-figures">
        <dt>Active worker</dt>
        <dd>
          {worker.activeWorker ? (
            <>
              <code>{worker.activeWorker}</code>
              {inThisProcess && <span className="muted"> (this server process)</span>}
            </>
          ) : (
            <Tag color="red">None</Tag>
          )}
        </dd>
        <dt>Active since</dt>
        <dd>{worker.activeSince ? <OpsTime iso={worker.activeSince} /> : '-'}</dd>
        <dt>Lag</dt>
        <dd>
          <LagTag lag={worker.lag} />
        </dd>
      </dl>
      {!worker.activeWorker && (
        <p className="ops-warning" role="alert">
          No projector worker is running: new events are not reaching the pages. Start one with <code>npm run projections</code> (or{' '}
          <code>npm start</code>).
        </p>
      )}
    </Card>
  );
}
