import { MAX_NAME_LENGTH } from '@team/contracts';
import { Button, Input, Modal } from 'antd';
import { useState } from 'react';
import { serverErrorMessage } from '@/lib/api';
import { useRenamePlayerMutation } from '@/lib/ladder-corrections';
import { useToast } from '@/components/ui/toast';

export interface RenamePlayerActionProps {
  playerId: number;
  username: string;
}

/**
 * Admin only: renames a player (PlayerRenamed). A match never renames an existing player, so
 * this is the one way; renaming back to the previous name undoes it. The player profile loads
 * it lazily for a stored moderator (or owner) key, so public visitors never download it.
 */
export default function RenamePlayerAction({ playerId, username }: RenamePlayerActionProps) {
  const { toast } = useToast();
  const [renamePlayer, { isLoading }] = useRenamePlayerMutation();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(username);
  const trimmed = name.trim();

  const submit = async () => {
    try {
      const answer = await renamePlayer({ playerId, username: trimmed }).unwrap();
      toast({ title: 'Success', description: `Player renamed to ${answer.username}` });
      setOpen(false);
    } catch (failure) {
      toast({ title: 'Error', description: serverErrorMessage(failure, 'Failed to rename player'), variant: 'destructive' });
    }
  };

  return (
    <>
      <Button
        size="small"
        onClick={() => {
          setName(username);
          setOpen(true);
        }}
      >
        Rename
      </Button>
      <Modal
        open={open}
        title={`Rename ${username}`}
        okText="Rename"
        okButtonProps={{ disabled: trimmed.length === 0 || trimmed === username, loading: isLoading }}
        onOk={submit}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <p>The profile, the leaderboard and every match show the new name. The audit log keeps the old one.</p>
        <label htmlFor={`rename-player-${playerId}`}>New username</label>
        <Input id={`rename-player-${playerId}`} value={name} onChange={(event) => setName(event.target.value)} maxLength={MAX_NAME_LENGTH} />
      </Modal>
    </>
  );
}
