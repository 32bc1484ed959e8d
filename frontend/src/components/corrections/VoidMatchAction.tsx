import { MAX_VOID_REASON_LENGTH } from '@team/contracts';
import { Button, Input, Modal } from 'antd';
import { useState } from 'react';
import { serverErrorMessage } from '@/lib/api';
import { useVoidMatchMutation } from '@/lib/ladder-corrections';
import { useToast } from '@/components/ui/toast';

export interface VoidMatchActionProps {
  matchId: number;
  /** `link` where the button sits inside a list entry (the profile's match history). */
  buttonType?: 'default' | 'link';
  /** `middle` beside a screen's title (the match page); `small` in rows and lists. */
  size?: 'small' | 'middle';
  /** After the void was appended (the Audit screen reads its log again). */
  onVoided?: () => void;
  /** The admin screens log out on a rejected key: true when it handled the error. */
  handleAdminError?: (error: unknown) => boolean;
}

/**
 * Admin only: voids a match after asking why. The Audit screen offers it on a recorded
 * match; the player profile and the match page (MatchPageVoid) load it lazily for a stored
 * moderator (or owner) key, so public visitors never download it.
 */
export default function VoidMatchAction({ matchId, buttonType = 'default', size = 'small', onVoided, handleAdminError }: VoidMatchActionProps) {
  const { toast } = useToast();
  const [voidMatch, { isLoading }] = useVoidMatchMutation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const trimmed = reason.trim();

  const submit = async () => {
    try {
      await voidMatch({ matchId, reason: trimmed }).unwrap();
      toast({ title: 'Success', description: `Match #${matchId} voided` });
      setOpen(false);
      setReason('');
      onVoided?.();
    } catch (failure) {
      if (handleAdminError?.(failure)) return;
      toast({ title: 'Error', description: serverErrorMessage(failure, 'Failed to void match'), variant: 'destructive' });
    }
  };

  return (
    <>
      <Button size={size} type={buttonType} danger onClick={() => setOpen(true)}>
        Void match
      </Button>
      <Modal
        open={open}
        title={`Void match #${matchId}`}
        okText="Void match"
        okButtonProps={{ danger: true, disabled: trimmed.length === 0, loading: isLoading }}
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
