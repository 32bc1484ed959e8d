import { Alert, App, Button, Card } from 'antd';
import type { AdminKeySummary, CreatedAdminKey } from '@team/contracts';
import { useEffect, useState } from 'react';
import { serverErrorMessage } from '@/lib/api';
import { useToast } from '@/components/ui/toast';
import { AdminScreenHeader } from '../../shared/AdminScreenHeader';
import { useGetAdminKeysQuery } from '../../shared/api/admin-key-list';
import { useRevokeAdminKeyMutation } from '../api/admin-keys';
import { AdminKeyList } from './AdminKeyList';
import { CreatedKeyDialog } from './CreatedKeyDialog';
import { CreateKeyForm } from './CreateKeyForm';
import { RoleGuide } from './RoleGuide';
import '../admin-keys.css';

export interface AdminKeysProps {
  onLogout: () => void;
  /** True when the error was a rejected admin key (the session then ends). */
  handleAdminError: (error: unknown) => boolean;
  /** The clock the expiry date is checked against. */
  now?: () => Date;
}

const clock = () => new Date();

/** /admin/keys (owner): what each role may do, a key per person, and revoking one. */
export function AdminKeys({ onLogout, handleAdminError, now = clock }: AdminKeysProps) {
  const { modal } = App.useApp();
  const { toast } = useToast();
  // Keys expire as time passes: the screen reads the list fresh each time it opens.
  const keys = useGetAdminKeysQuery(undefined, { refetchOnMountOrArgChange: true });
  const [revokeKey] = useRevokeAdminKeyMutation();
  const [created, setCreated] = useState<CreatedAdminKey | null>(null);

  const { error } = keys;
  useEffect(() => {
    if (error) handleAdminError(error);
  }, [error, handleAdminError]);

  const revoke = async (adminKey: AdminKeySummary) => {
    try {
      await revokeKey(adminKey.id).unwrap();
      toast({ title: 'Key revoked', description: `${adminKey.name}'s key no longer works.` });
    } catch (failure) {
      if (!handleAdminError(failure)) {
        toast({ title: 'Error', description: serverErrorMessage(failure, 'Failed to revoke the key'), variant: 'destructive' });
      }
    }
  };

  const confirmRevoke = (adminKey: AdminKeySummary) => {
    modal.confirm({
      title: `Revoke ${adminKey.name}'s key?`,
      content: `It stops working at once, everywhere. This cannot be undone: to let ${adminKey.name} back in, create a new key.`,
      okText: 'Revoke',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () => revoke(adminKey),
    });
  };

  return (
    <div>
      <AdminScreenHeader
        title="Admin Keys"
        subtitle="A key for each person, with only the role they need. The audit log names the key behind every change."
        onLogout={onLogout}
      />
      <RoleGuide />
      <CreateKeyForm onCreated={setCreated} handleAdminError={handleAdminError} now={now} />
      <Card title="Keys" size="small" role="region" aria-label="Keys" className="admin-keys-section">
        {keys.isError && !keys.data ? (
          <Alert
            type="error"
            showIcon
            title={serverErrorMessage(keys.error, 'Failed to load the admin keys')}
            action={
              <Button size="small" onClick={() => keys.refetch()}>
                Retry
              </Button>
            }
          />
        ) : (
          <AdminKeyList keys={keys.data ?? []} loading={keys.isFetching} onRevoke={confirmRevoke} />
        )}
      </Card>
      <CreatedKeyDialog created={created} onClose={() => setCreated(null)} />
    </div>
  );
}
