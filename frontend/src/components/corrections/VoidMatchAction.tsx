import { Button, Input, Modal } from 'antd';
import { useState } from 'react';
import { serverErrorMessage } from '@/app/api';
import { useToast } from '@/components/ui/toast';
import { useVoidMatchMutation } from '../api/void-match';

/** The server's limit on a void's reason. */
export const MAX_VOID_REASON_LENGTH = 500;

export interface VoidMatchActionProps {
  matchId: number;
}

/**
 * Admin only: voids a match after asking why. Loaded lazily by the profile dialog when an
 * admin key is stored, so public visitors never download it.
 */
export default function VoidMatchAction({ matchId }: VoidMatchActionProps) {
  const { toast } = useToast();
  const [voidMatch, { isLoading }] = useVoidMatchMutation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');

  const submit = async () => {
    try {
      await voidMatch({ matchId, reason: reason.trim() }).unwrap();
      toast({ title: 'Success', description: 'Match voided' });
      setOpen(false);
      setReason('');
    } catch (failure) {
      toast({ title: 'Error', description: serverErrorMessage(failure, 'Failed to void match'), variant: 'destructive' });
    }
  };

  return (
    <>
      <Button size="small" type="link" danger onClick={() => setOpen(true)}>
        Void match
      </Button>
      <Modal
        open={open}
        title={`Void match #${matchId}`}
        okText="Void match"
        okButtonProps={{ danger: true, disabled: reason.trim().length === 0, loading: isLoading }}
        onOk={submit}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <p>
          Every participant gets back the rating this match gave or took, and it leaves their totals and histories. Later
          matches keep their changes. The audit log keeps the reason.
        </p>
        <label htmlFor={`void-reason-${matchId}`}>Reason</label>
        <Input.TextArea
          id={`void-reason-${matchId}`}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={MAX_VOID_REASON_LENGTH}
          showCount
          rows={3}
          placeholder="Why this match should not count"
        />
      </Modal>
    </>
  );
}
