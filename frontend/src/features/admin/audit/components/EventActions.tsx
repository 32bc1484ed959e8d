import { Button, Input, Modal, Popconfirm } from 'antd';
import { useState } from 'react';
import { serverErrorMessage } from '@/app/api';
import { useRevertMergeMutation } from '@/app/ladder-corrections';
import { useToast } from '@/components/ui/toast';
import type { AuditEntry } from '../api/audit-events';
import { useVoidMatchFromAuditMutation } from '../api/corrections';

interface EventActionsProps {
  entry: AuditEntry;
  onChanged: () => void;
  handleAdminError: (error: unknown) => boolean;
}

const MAX_REASON = 500;

/** Corrections an event allows, each appended as a new event: void a match, revert a merge. */
export function EventActions({ entry, onChanged, handleAdminError }: EventActionsProps) {
  const data = (entry.data ?? {}) as { matchId?: number; primaryId?: number; duplicateId?: number; primaryUsername?: string; duplicateUsername?: string };
  if (entry.type === 'MatchRecorded' && typeof data.matchId === 'number') {
    return <VoidMatchButton matchId={data.matchId} onChanged={onChanged} handleAdminError={handleAdminError} />;
  }
  if (entry.type === 'PlayersMerged' && typeof data.primaryId === 'number' && typeof data.duplicateId === 'number') {
    return (
      <RevertMergeButton
        primaryId={data.primaryId}
        duplicateId={data.duplicateId}
        label={`${data.duplicateUsername ?? `#${data.duplicateId}`} out of ${data.primaryUsername ?? `#${data.primaryId}`}`}
        onChanged={onChanged}
        handleAdminError={handleAdminError}
      />
    );
  }
  return null;
}

function VoidMatchButton({ matchId, onChanged, handleAdminError }: { matchId: number } & Omit<EventActionsProps, 'entry'>) {
  const { toast } = useToast();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [voidMatch, { isLoading }] = useVoidMatchFromAuditMutation();
  const trimmed = reason.trim();

  const submit = async () => {
    try {
      await voidMatch({ matchId, reason: trimmed }).unwrap();
      toast({ title: 'Success', description: `Match #${matchId} voided` });
      setOpen(false);
      setReason('');
      onChanged();
    } catch (error) {
      if (handleAdminError(error)) return;
      toast({ title: 'Error', description: serverErrorMessage(error, 'Failed to void match'), variant: 'destructive' });
    }
  };

  return (
    <>
      <Button danger size="small" onClick={() => setOpen(true)}>
        Void match
      </Button>
      <Modal
        title={`Void match #${matchId}`}
        open={open}
        okText="Void match"
        okButtonProps={{ danger: true, disabled: trimmed.length === 0, loading: isLoading }}
        onOk={submit}
        onCancel={() => setOpen(false)}
      >
        <p>
          Every player gets back the rating change of this match, and it leaves their totals and histories. Later
          matches keep their changes. The match stays in this log.
        </p>
        <Input.TextArea
          aria-label="Reason"
          placeholder="Why is this match void? (required)"
          value={reason}
          maxLength={MAX_REASON}
          showCount
          onChange={(event) => setReason(event.target.value)}
        />
      </Modal>
    </>
  );
}

function RevertMergeButton({
  primaryId,
  duplicateId,
  label,
  onChanged,
  handleAdminError,
}: { primaryId: number; duplicateId: number; label: string } & Omit<EventActionsProps, 'entry'>) {
  const { toast } = useToast();
  const [revert, { isLoading }] = useRevertMergeMutation();
  const confirm = async () => {
    try {
      await revert({ primaryId, duplicateId }).unwrap();
      toast({ title: 'Success', description: 'Merge reverted' });
      onChanged();
    } catch (error) {
      if (handleAdminError(error)) return;
      toast({ title: 'Error', description: serverErrorMessage(error, 'Failed to revert merge'), variant: 'destructive' });
    }
  };
  return (
    <Popconfirm
      title="Revert this merge?"
      description={`Splits ${label} again: each account gets back its own matches, Discord IDs and rating share.`}
      okText="Revert merge"
      onConfirm={confirm}
    >
      <Button size="small" loading={isLoading}>
        Revert merge
      </Button>
    </Popconfirm>
  );
}
