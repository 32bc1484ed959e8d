import { Button, Popconfirm } from 'antd';
import { lazy, Suspense } from 'react';
import { serverErrorMessage } from '@/lib/api';
import { useRevertMergeMutation } from '@/lib/ladder-corrections';
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

/** Corrections an event allows, each appended as a new event: void a match, revert a merge. */
export function EventActions({ entry, onChanged, handleAdminError }: EventActionsProps) {
  const data = (entry.data ?? {}) as { matchId?: number; primaryId?: number; duplicateId?: number; primaryUsername?: string; duplicateUsername?: string };
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
  return null;
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
