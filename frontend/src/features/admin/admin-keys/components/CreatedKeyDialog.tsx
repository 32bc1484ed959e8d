import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Modal, Space } from 'antd';
import { ADMIN_ROLE_DESCRIPTIONS, type CreatedAdminKey } from '@team/contracts';
import { useId } from 'react';
import { useToast } from '@/components/ui/toast';
import { useDateFormat } from '@/lib/date-format';

export interface CreatedKeyDialogProps {
  /** The key just created; the dialog is open while it is set. Closing clears it. */
  created: CreatedAdminKey | null;
  onClose: () => void;
}

/**
 * The one time a key is shown: a read-only field to copy it from, and who it is for. Closing
 * unmounts the dialog at once: a closing antd Modal would keep showing (and holding) the key
 * until its animation ends.
 */
export function CreatedKeyDialog({ created, onClose }: CreatedKeyDialogProps) {
  return created ? <KeyDialog created={created} onClose={onClose} /> : null;
}

function KeyDialog({ created, onClose }: { created: CreatedAdminKey; onClose: () => void }) {
  const dates = useDateFormat();
  const id = useId();
  const { toast } = useToast();

  const copy = async (key: string) => {
    try {
      await navigator.clipboard.writeText(key);
      toast({ title: 'Copied', description: 'The key is on the clipboard.' });
    } catch {
      toast({ title: 'Error', description: 'The key could not be copied: select it and copy it by hand.', variant: 'destructive' });
    }
  };

  return (
    <Modal
      open
      title="New admin key"
      onCancel={onClose}
      // Only Done closes it: a click beside the dialog must not lose a key that is never shown again.
      maskClosable={false}
      footer={
        <Button type="primary" onClick={onClose}>
          Done
        </Button>
      }
      destroyOnHidden
    >
      <div className="admin-fields">
        <dl className="admin-key-facts">
          <dt>Name</dt>
          <dd>{created.summary.name}</dd>
          <dt>Role</dt>
          <dd>
            {created.summary.role} <span className="muted">({ADMIN_ROLE_DESCRIPTIONS[created.summary.role]})</span>
          </dd>
          <dt>Expires</dt>
          <dd>{created.summary.expiresAt ? dates.date(created.summary.expiresAt) : 'Never'}</dd>
        </dl>
        <Alert type="warning" showIcon title="Copy this key now. It is not shown again." />
        <div className="admin-field">
          <label className="admin-field-label" htmlFor={`${id}-key`}>
            Key
          </label>
          <Space.Compact block>
            <Input
              id={`${id}-key`}
              readOnly
              value={created.key}
              className="admin-key-value"
              onFocus={(event) => event.target.select()}
            />
            <Button icon={<CopyOutlined />} onClick={() => void copy(created.key)}>
              Copy
            </Button>
          </Space.Compact>
        </div>
      </div>
    </Modal>
  );
}
