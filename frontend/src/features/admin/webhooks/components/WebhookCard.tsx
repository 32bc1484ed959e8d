import { App, Button, Card, Tag } from 'antd';
import type { Webhook } from '@team/contracts';
import { useState } from 'react';
import { serverErrorMessage } from '@/lib/api';
import { useToast } from '@/components/ui/toast';
import { useDateFormat } from '@/lib/date-format';
import { useDeleteWebhookMutation, useTestWebhookMutation, useUpdateWebhookMutation } from '../api/webhooks';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_KIND_LABELS } from '../webhook-labels';
import { DeliveryLog } from './DeliveryLog';

/** One webhook: where it goes, what it hears, whether it is paused (and why), its actions and its deliveries. */
export function WebhookCard({ webhook, handleAdminError }: { webhook: Webhook; handleAdminError: (error: unknown) => boolean }) {
  const dates = useDateFormat();
  const { modal } = App.useApp();
  const { toast } = useToast();
  const [showDeliveries, setShowDeliveries] = useState(false);
  const [updateWebhook, update] = useUpdateWebhookMutation();
  const [deleteWebhook] = useDeleteWebhookMutation();
  const [testWebhook, test] = useTestWebhookMutation();

  const failed = (failure: unknown, fallback: string) => {
    if (!handleAdminError(failure)) toast({ title: 'Error', description: serverErrorMessage(failure, fallback), variant: 'destructive' });
  };
  const togglePause = async () => {
    try {
      await updateWebhook({ id: webhook.id, change: { paused: !webhook.paused } }).unwrap();
      toast({ title: webhook.paused ? 'Webhook resumed' : 'Webhook paused', description: webhook.paused ? 'What waited goes out now.' : 'Nothing is sent until you resume it.' });
    } catch (failure) {
      failed(failure, 'Failed to change the webhook');
    }
  };
  const sendTest = async () => {
    try {
      await testWebhook(webhook.id).unwrap();
      toast({ title: 'Test sent', description: 'Its answer shows in the deliveries.' });
      setShowDeliveries(true);
    } catch (failure) {
      failed(failure, 'Failed to send a test');
    }
  };
  const confirmDelete = () => {
    modal.confirm({
      title: 'Delete this webhook?',
      content: `Nothing more is sent to ${webhook.url}, including deliveries still waiting. This cannot be undone.`,
      okText: 'Delete',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: async () => {
        try {
          await deleteWebhook(webhook.id).unwrap();
          toast({ title: 'Webhook deleted', description: `Nothing more goes to ${webhook.url}.` });
        } catch (failure) {
          failed(failure, 'Failed to delete the webhook');
        }
      },
    });
  };

  return (
    <Card size="small" role="region" aria-label={`Webhook ${webhook.url}`} title={<span className="webhook-url">{webhook.url}</span>}>
      <div className="webhook-facts">
        <Tag>{WEBHOOK_KIND_LABELS[webhook.kind]}</Tag>
        {webhook.paused ? <Tag color="orange">Paused</Tag> : <Tag color="green">Active</Tag>}
        {webhook.events.map((event) => (
          <Tag key={event} bordered={false}>
            {WEBHOOK_EVENT_LABELS[event]}
          </Tag>
        ))}
        <span className="muted">Created {dates.dateTimeSeconds(webhook.createdAt)}</span>
      </div>
      {webhook.paused && webhook.pausedReason && (
        <p className="webhook-paused-reason">
          <strong>Why paused:</strong> {webhook.pausedReason}
        </p>
      )}
      <div className="webhook-actions">
        <Button onClick={() => void sendTest()} loading={test.isLoading}>
          Send test
        </Button>
        <Button onClick={() => void togglePause()} loading={update.isLoading}>
          {webhook.paused ? 'Resume' : 'Pause'}
        </Button>
        <Button onClick={() => setShowDeliveries((shown) => !shown)} aria-expanded={showDeliveries}>
          {showDeliveries ? 'Hide deliveries' : 'Deliveries'}
        </Button>
        <Button danger onClick={confirmDelete}>
          Delete
        </Button>
      </div>
      {showDeliveries && <DeliveryLog webhookId={webhook.id} handleAdminError={handleAdminError} />}
    </Card>
  );
}
