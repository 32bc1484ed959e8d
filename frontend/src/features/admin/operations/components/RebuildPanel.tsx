import { ReloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Progress } from 'antd';
import type { RebuildStatus } from '@team/contracts';
import { formatCount, formatDuration, formatSeconds, PHASE_LABELS, rebuildPercent } from '../rebuild-figures';

export interface RebuildPanelProps {
  rebuild: RebuildStatus;
  starting: boolean;
  onStart: () => void;
}

/** The rebuild button, the live progress of a running rebuild, and how the last one ended. */
export function RebuildPanel({ rebuild, starting, onStart }: RebuildPanelProps) {
  const { modal } = App.useApp();
  const { progress } = rebuild;

  const confirm = () =>
    modal.confirm({
      title: 'Rebuild the read models?',
      content:
        'This replays every event in the log into fresh tables, then swaps them in for the current ones in one step. ' +
        'The site stays online the whole time: pages keep reading the current tables until the swap.',
      okText: 'Rebuild',
      cancelText: 'Cancel',
      onOk: onStart,
    });

  return (
    <Card title="Rebuild read models" aria-label="Rebuild read models">
      <div className="ops-rebuild">
        <p className="muted" style={{ margin: 0 }}>
          Replays the whole event log into fresh read tables (players, matches, content, pages) and swaps them in. Use it
          after a projection error or a change to how events are projected.
        </p>
        <div>
          <Button type="primary" icon={<ReloadOutlined />} onClick={confirm} loading={starting} disabled={rebuild.running}>
            {rebuild.running ? 'Rebuild running…' : 'Rebuild read models'}
          </Button>
        </div>

        {rebuild.running && (
          <div role="status" aria-label="Rebuild progress">
            <strong>{progress ? PHASE_LABELS[progress.phase] : 'Starting the rebuild'}</strong>
            <Progress percent={progress ? rebuildPercent(progress) : 0} status="active" />
            {progress && (
              <div className="ops-rebuild-figures">
                <span>
                  Events: <strong>{formatCount(progress.done)}</strong> of <strong>{formatCount(progress.total)}</strong>
                </span>
                <span>
                  Rate: <strong>{formatCount(Math.round(progress.ratePerSecond))} events/s</strong>
                </span>
                <span>
                  Time left:{' '}
                  <strong>{progress.secondsLeft === null ? 'estimating…' : `about ${formatDuration(progress.secondsLeft)}`}</strong>
                </span>
              </div>
            )}
          </div>
        )}

        {!rebuild.running && rebuild.finishedAt && rebuild.lastError && (
          <Alert type="error" showIcon title="Rebuild failed" description={rebuild.lastError} />
        )}
        {!rebuild.running && rebuild.finishedAt && !rebuild.lastError && rebuild.lastResult && (
          <Alert
            type="success"
            showIcon
            title="Rebuild complete"
            description={`Replayed ${formatCount(rebuild.lastResult.events)} ${rebuild.lastResult.events === 1 ? 'event' : 'events'} in ${formatSeconds(rebuild.lastResult.seconds)}. The new tables are live.`}
          />
        )}
      </div>
    </Card>
  );
}
