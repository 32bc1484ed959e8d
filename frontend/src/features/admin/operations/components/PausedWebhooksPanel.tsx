import { Alert, Card } from 'antd';
import type { PausedWebhook } from '@team/contracts';
import { Link } from 'react-router-dom';
import { OpsTime } from './OpsTime';

/** The webhooks that are paused, with why: the worker pauses one whose deliveries failed for the whole retry window. */
export function PausedWebhooksPanel({ webhooks }: { webhooks: readonly PausedWebhook[] }) {
  if (webhooks.length === 0) return null;
  return (
    <Card title="Paused webhooks" size="small" role="region" aria-label="Paused webhooks" className="ops-paused-webhooks">
      {webhooks.map((webhook) => (
        <Alert
          key={webhook.id}
          type={webhook.automatic ? 'warning' : 'info'}
          showIcon
          className="ops-paused-webhook"
          title={
            <>
              {webhook.kind === 'discord' ? 'Discord' : 'Generic'} webhook to <code>{webhook.url}</code>, paused <OpsTime iso={webhook.pausedAt} />
            </>
          }
          description={
            <>
              {webhook.reason} <Link to="/admin/webhooks">Open Webhooks</Link>
            </>
          }
        />
      ))}
    </Card>
  );
}
