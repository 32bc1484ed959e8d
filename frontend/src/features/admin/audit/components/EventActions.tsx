import { Button, Popconfirm } from 'antd';
import { lazy, Suspense } from 'react';
import { serverErrorMessage } from '@/lib/api';
import { sessionCovers, useKnownAdminSession } from '@/lib/admin-session';
import { useRenamePlayerMutation, useRevertMergeMutation } from '@/lib/ladder-corrections';
import { useToast } from '@/components/ui/toast';
import type { AuditEntry } from '@team/contracts';

// The player profile loads the same dialog lazily; importing it statically here would list its
// chunk among the Audit route's preloads in the entry chunk every public page downloads.
const VoidMatchAction = lazy(() => import('@/components/corrections/VoidMatchAction'));

interface EventActionsProps {
  entry: AuditEntry;
  onChanged: () => void;
  handleAdminError: (error: unknown) => boolean;
}

/**
 * Corrections an event allows, each appended as a new event: void a match, revert a merge or a
 * rename. They are the moderator's: other keys see none.
 */
export function EventActions({ entry, onChanged, handleAdminError }: EventActionsProps) {
  const canCorrect = sessionCovers(useKnownAdminSession(), 'moderator');
  if (!canCorrect) return null;
  const data = (entry.data ?? {}) as {
    matchId?: number;
    primaryId?: number;
    duplicateId?: number;
    primaryUsername?: string;
    duplicateUsername?: string;
    playerId?: number;
    username?: string;
    previousUsername?: string;
  };
  if (entry.type === 'MatchRecorded' && typeof data.matchId === 'number') {
    return (
      <Suspense fallback={null}>
        <VoidMatchAction matchId={data.matchId} onVoided={onChanged} handleAdminError={handleAdminError} />
      </Suspense>
    );
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
  if (entry.type === 'PlayerRenamed' && typeof data.playerId === 'number' && typeof data.previousUsername === 'string') {
    return (
      <RevertRenameButton
        playerId={data.playerId}
        previousUsername={data.previousUsername}
        username={data.username ?? ''}
        onChanged={onChanged}
        handleAdminError={handleAdminError}
      />
    );
  }
  return null;
}

type Handlers = Omit<EventActionsProps, 'entry'>;

function RevertMergeButton({ primaryId, duplicateId, label, ...handlers }: { primaryId: number; duplicateId: number; label: string } & Handlers) {
  const [revert, { isLoading }] = useRevertMergeMutation();
  return (
    <CorrectionButton
      label="Revert merge"
      title="Revert this merge?"
      description={`Splits ${label} again: each account gets back its own matches, Discord IDs and rating share.`}
      run={() => revert({ primaryId, duplicateId }).unwrap()}
      done="Merge reverted"
      failed="Failed to revert merge"
      loading={isLoading}
      {...handlers}
    />
  );
}

/** A rename is undone by renaming back: another PlayerRenamed, audited like the first. */
function RevertRenameButton({ playerId, previousUsername, username, ...handlers }: { playerId: number; previousUsername: string; username: string } & Handlers) {
  const [rename, { isLoading }] = useRenamePlayerMutation();
  return (
    <CorrectionButton
      label="Revert rename"
      title="Revert this rename?"
      description={`Renames ${username || `player #${playerId}`} back to ${previousUsername}.`}
      run={() => rename({ playerId, username: previousUsername }).unwrap()}
      done="Rename reverted"
      failed="Failed to revert rename"
      loading={isLoading}
      {...handlers}
    />
  );
}

interface CorrectionButtonProps extends Handlers {
  label: string;
  title: string;
  description: string;
  run: () => Promise<unknown>;
  done: string;
  failed: string;
  loading: boolean;
}

/** A correction behind a confirm: the toast says how it went, and the log is read again after it. */
function CorrectionButton({ label, title, description, run, done, failed, loading, onChanged, handleAdminError }: CorrectionButtonProps) {
  const { toast } = useToast();
  const confirm = async () => {
    try {
      await run();
      toast({ title: 'Success', description: done });
      onChanged();
    } catch (error) {
      if (handleAdminError(error)) return;
      toast({ title: 'Error', description: serverErrorMessage(error, failed), variant: 'destructive' });
    }
  };
  return (
    <Popconfirm title={title} description={description} okText={label} onConfirm={confirm}>
      <Button size="small" loading={loading}>
        {label}
      </Button>
    </Popconfirm>
  );
}
