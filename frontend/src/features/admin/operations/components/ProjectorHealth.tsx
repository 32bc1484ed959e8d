import { Card, Skeleton, Tag } from 'antd';
import { Link } from 'react-router-dom';
import type { HealthResponse } from '@team/contracts';
import { roleRefusal, sessionCovers, useKnownAdminSession } from '@/lib/admin-session';
import { ADMIN_SCREENS } from '../../shared/admin-screens';
import { useGetHealthQuery } from '../api/operations';
import { formatCount } from '../rebuild-figures';
import { DiskNotice } from './DiskNotice';
import { LagTag } from './LagTag';
import { OpsTime } from './OpsTime';
import '../operations.css';
import { LoadFailed } from '../../shared/LoadFailed';

const STATUS_TAGS: Record<HealthResponse['status'], { color: string; label: string }> = {
  ok: { color: 'green', label: 'OK' },
  degraded: { color: 'orange', label: 'Degraded' },
  unavailable: { color: 'red', label: 'Unavailable' },
};

function HealthFigures({ health }: { health: HealthResponse }) {
  const { projector } = health;
  const status = STATUS_TAGS[health.status];
  return (
    <>
      <DiskNotice health={health} />
      <dl className="ops-figures">
        <dt>Status</dt>
        <dd>
          <Tag color={status.color}>{status.label}</Tag>
        </dd>
        <dt>Database</dt>
        <dd>{health.database === 'up' ? 'Up' : 'Down'}</dd>
        {health.eventStore && (
          <>
            <dt>Log head</dt>
            <dd>Position {formatCount(health.eventStore.head)}</dd>
          </>
        )}
        {projector && (
          <>
            <dt>Projector lag</dt>
            <dd>
              <LagTag lag={projector.lag} />
            </dd>
            <dt>Worker</dt>
            <dd>{projector.activeSince ? <>Active since <OpsTime iso={projector.activeSince} /></> : <Tag color="red">None</Tag>}</dd>
            <dt>Failing</dt>
            <dd>{projector.failing ? <span style={{ color: 'var(--loss)' }}>Yes{projector.since && <>, since <OpsTime iso={projector.since} /></>}</span> : 'No'}</dd>
          </>
        )}
      </dl>
      {health.reasons && health.reasons.length > 0 && (
        <ul className="ops-health-reasons">
          {health.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * The projector's health from GET /api/health, which every role (and the public) may read:
 * the Operations screen itself, with the worker's name and the rebuilds, needs the owner key
 * (docs/admin-keys.md), so other keys are told so instead of being linked to it.
 */
export function ProjectorHealth() {
  const health = useGetHealthQuery(undefined, { refetchOnMountOrArgChange: true });
  const session = useKnownAdminSession();
  const operations = ADMIN_SCREENS.operations;
  return (
    <Card title="Projector health" size="small" role="region" aria-label="Projector health" className="admin-home-card">
      {health.isLoading && <Skeleton active paragraph={{ rows: 4 }} />}
      {health.isError && (
        <LoadFailed error={health.error} fallback='The health check did not answer' onRetry={() => health.refetch()} />
      )}
      {health.data && <HealthFigures health={health.data} />}
      <p className="admin-home-more">
        {sessionCovers(session, operations.role) ? (
          <Link to={operations.to}>Open Operations</Link>
        ) : (
          session && <span className="muted">{roleRefusal(`The ${operations.label} screen`, 'owner', session)}</span>
        )}
      </p>
    </Card>
  );
}
