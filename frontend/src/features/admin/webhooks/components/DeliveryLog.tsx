import { Alert, Button, Table, Tag } from 'antd';
import type { WebhookDelivery } from '@team/contracts';
import { useEffect, useState } from 'react';
import { serverErrorMessage } from '@/lib/api';
import { useToast } from '@/components/ui/toast';
import { useDateFormat } from '@/lib/date-format';
import { useGetDeliveriesQuery, useRedeliverMutation } from '../api/webhooks';
import { deliveryTypeLabel } from '../webhook-labels';

/** While a delivery is pending, the log looks again this often. */
const PENDING_POLL_MS = 3000;

const STATUS_COLORS: Record<WebhookDelivery['status'], string> = { pending: 'gold', delivered: 'green', failed: 'red' };

function Attempts({ delivery }: { delivery: WebhookDelivery }) {
  if (delivery.attempts.length === 0) return <span className="muted">Not tried yet</span>;
  return (
    <ol className="webhook-attempts">
      {delivery.attempts.map((attempt) => (
        <li key={attempt.attempt}>
          {attempt.status === null ? 'No answer' : `HTTP ${attempt.status}`} in {attempt.ms} ms
          {attempt.error && <> · {attempt.error}</>}
          {attempt.excerpt && (
            <>
              {' '}
              · <code>{attempt.excerpt}</code>
            </>
          )}
        </li>
      ))}
    </ol>
  );
}

/** A webhook's latest deliveries: what was sent, each attempt's answer, and redelivering one. */
export function DeliveryLog({ webhookId, handleAdminError }: { webhookId: string; handleAdminError: (error: unknown) => boolean }) {
  const dates = useDateFormat();
  const { toast } = useToast();
  const [polling, setPolling] = useState(false);
  const deliveries = useGetDeliveriesQuery(webhookId, { pollingInterval: polling ? PENDING_POLL_MS : 0 });
  const list = deliveries.data?.deliveries ?? [];
  const pending = list.some((delivery) => delivery.status === 'pending');
  // Polls only while something is on its way.
  useEffect(() => setPolling(pending), [pending]);
  const [redeliver, { isLoading }] = useRedeliverMutation();

  const again = async (delivery: WebhookDelivery) => {
    try {
      await redeliver({ webhookId, deliveryId: delivery.id }).unwrap();
      toast({ title: 'Redelivery queued', description: `${deliveryTypeLabel(delivery.type)} goes out again with the same id.` });
    } catch (failure) {
      if (!handleAdminError(failure)) toast({ title: 'Error', description: serverErrorMessage(failure, 'Failed to redeliver'), variant: 'destructive' });
    }
  };

  if (deliveries.isError && !deliveries.data) {
    return <Alert type="error" showIcon title={serverErrorMessage(deliveries.error, 'Failed to load the deliveries')} />;
  }
  return (
    <div className="webhook-deliveries">
      <div className="webhook-actions">
        <Button size="small" onClick={() => deliveries.refetch()} loading={deliveries.isFetching}>
          Refresh
        </Button>
      </div>
      <Table<WebhookDelivery>
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={list}
        loading={deliveries.isLoading}
        locale={{ emptyText: 'No deliveries yet.' }}
        aria-label="Deliveries"
        columns={[
          { title: 'Event', key: 'type', render: (_, delivery) => deliveryTypeLabel(delivery.type) },
          { title: 'Status', key: 'status', render: (_, delivery) => <Tag color={STATUS_COLORS[delivery.status]}>{delivery.status}</Tag> },
          { title: 'Queued', key: 'createdAt', render: (_, delivery) => dates.dateTimeSeconds(delivery.createdAt) },
          { title: 'Attempts', key: 'attempts', render: (_, delivery) => <Attempts delivery={delivery} /> },
          {
            title: 'Id',
            key: 'id',
            render: (_, delivery) => <code>{delivery.id}</code>,
          },
          {
            title: <span className="sr-only">Actions</span>,
            key: 'actions',
            render: (_, delivery) =>
              delivery.status === 'pending' ? null : (
                <Button size="small" onClick={() => void again(delivery)} disabled={isLoading} aria-label={`Redeliver ${delivery.id}`}>
                  Redeliver
                </Button>
              ),
          },
        ]}
      />
    </div>
  );
}
