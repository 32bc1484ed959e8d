import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Modal, Space } from 'antd';
import type { CreatedWebhook } from '@team/contracts';
import { useId } from 'react';
import { useToast } from '@/components/ui/toast';

/**
 * The one time a generic webhook's signing secret is shown. Closing unmounts it at once (a closing
 * antd Modal would keep holding the secret until its animation ends); only Done closes it.
 */
export function CreatedSecretDialog({ created, onClose }: { created: CreatedWebhook | null; onClose: () => void }) {
  return created?.secret ? <SecretDialog secret={created.secret} url={created.webhook.url} onClose={onClose} /> : null;
}

function SecretDialog({ secret, url, onClose }: { secret: string; url: string; onClose: () => void }) {
  const id = useId();
  const { toast } = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toast({ title: 'Copied', description: 'The secret is on the clipboard.' });
    } catch {
      toast({ title: 'Error', description: 'The secret could not be copied: select it and copy it by hand.', variant: 'destructive' });
    }
  };
  return (
    <Modal
      open
      title="Signing secret"
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          Done
        </Button>
      }
    >
      <div className="admin-fields">
        <p>
          Deliveries to <span className="webhook-url">{url}</span> are signed with this secret (Standard Webhooks). The receiver checks the{' '}
          <code>webhook-signature</code> header with it.
        </p>
        <Alert type="warning" showIcon title="Copy this secret now. It is not shown again." />
        <div className="admin-field">
          <label className="admin-field-label" htmlFor={`${id}-secret`}>
            Secret
          </label>
          <Space.Compact block>
            <Input id={`${id}-secret`} readOnly value={secret} className="webhook-secret-value" onFocus={(event) => event.target.select()} />
            <Button icon={<CopyOutlined />} onClick={() => void copy()}>
              Copy
            </Button>
          </Space.Compact>
        </div>
      </div>
    </Modal>
  );
}
