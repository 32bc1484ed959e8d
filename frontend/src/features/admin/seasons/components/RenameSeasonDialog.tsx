import { Alert, Input, Modal } from 'antd';
import type { Season } from '@team/contracts';
import { MAX_SEASON_NAME_LENGTH } from '@team/contracts';
import { useId, useState, type FormEvent } from 'react';
import { serverErrorMessage } from '@/lib/api';
import { useToast } from '@/components/ui/toast';
import { useRenameSeasonMutation } from '../api/seasons-admin';

export interface RenameSeasonDialogProps {
  /** The season being renamed; the dialog is open while it is set. */
  season: Season | null;
  onClose: () => void;
  handleAdminError: (error: unknown) => boolean;
}

function RenameForm({ season, onClose, handleAdminError }: RenameSeasonDialogProps & { season: Season }) {
  const id = useId();
  const { toast } = useToast();
  const [renameSeason, { isLoading }] = useRenameSeasonMutation();
  const [name, setName] = useState(season.name);
  const [serverError, setServerError] = useState<string | null>(null);
  const trimmed = name.trim();

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!trimmed) return;
    setServerError(null);
    try {
      const written = await renameSeason({ seasonId: season.id, name: trimmed }).unwrap();
      toast({ title: 'Season renamed', description: `${season.name} is now ${written.season.name}.` });
      onClose();
    } catch (failure) {
      if (handleAdminError(failure)) onClose();
      else setServerError(serverErrorMessage(failure, 'Failed to rename the season'));
    }
  };

  return (
    <Modal
      open
      title={`Rename ${season.name}`}
      okText="Rename"
      onOk={() => submit()}
      okButtonProps={{ disabled: !trimmed }}
      onCancel={onClose}
      confirmLoading={isLoading}
      destroyOnHidden
    >
      <form onSubmit={submit} className="admin-fields">
        <div className="admin-field">
          <label className="admin-field-label" htmlFor={`${id}-name`}>
            Season name
          </label>
          <Input id={`${id}-name`} value={name} maxLength={MAX_SEASON_NAME_LENGTH} onChange={(event) => setName(event.target.value)} autoFocus />
        </div>
        {serverError && <Alert type="error" showIcon title={serverError} />}
        {/* Enter in the field renames. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </form>
    </Modal>
  );
}

/** A small dialog to rename a season, past or current; the server's refusal shows inside it. */
export function RenameSeasonDialog(props: RenameSeasonDialogProps) {
  // A fresh form per season: its field starts from that season's name.
  return props.season ? <RenameForm key={props.season.id} {...props} season={props.season} /> : null;
}
