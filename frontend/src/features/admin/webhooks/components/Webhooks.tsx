import { Alert, Button, Card, Empty, Skeleton } from 'antd';
import type { CreatedWebhook } from '@team/contracts';
import { useEffect, useState } from 'react';
import { serverErrorMessage } from '@/lib/api';
import { AdminScreenHeader } from '../../shared/AdminScreenHeader';
import { useGetWebhooksQuery } from '../api/webhooks';
import { CreatedSecretDialog } from './CreatedSecretDialog';
import { CreateWebhookForm } from './CreateWebhookForm';
import { WebhookCard } from './WebhookCard';
import '../webhooks.css';

export interface WebhooksProps {
  onLogout: () => void;
  handleAdminError: (error: unknown) => boolean;
}

/** /admin/webhooks (owner): where the site announces results, and what each delivery got back. */
export function Webhooks({ onLogout, handleAdminError }: WebhooksProps) {
  const webhooks = useGetWebhooksQuery(undefined, { refetchOnMountOrArgChange: true });
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const { error } = webhooks;
  useEffect(() => {
    if (error) handleAdminError(error);
  }, [error, handleAdminError]);

  const list = webhooks.data?.webhooks ?? [];
  return (
    <div>
      <AdminScreenHeader
        title="Webhooks"
        subtitle="Post results to a Discord channel or any HTTPS endpoint. Every delivery is kept with the receiver's answer."
        onLogout={onLogout}
      />
      <CreateWebhookForm onCreated={setCreated} handleAdminError={handleAdminError} />
      <Card title="Webhooks" size="small" role="region" aria-label="Webhooks" className="webhooks-section">
        {webhooks.isLoading && <Skeleton active />}
        {webhooks.isError && !webhooks.data && (
          <Alert
            type="error"
            showIcon
            title={serverErrorMessage(webhooks.error, 'Failed to load the webhooks')}
            action={
              <Button size="small" onClick={() => webhooks.refetch()}>
                Retry
              </Button>
            }
          />
        )}
        {webhooks.data && list.length === 0 && <Empty description="No webhooks yet." />}
        <div className="webhooks-list">
          {list.map((webhook) => (
            <WebhookCard key={webhook.id} webhook={webhook} handleAdminError={handleAdminError} />
          ))}
        </div>
      </Card>
      <CreatedSecretDialog created={created} onClose={() => setCreated(null)} />
    </div>
  );
}
