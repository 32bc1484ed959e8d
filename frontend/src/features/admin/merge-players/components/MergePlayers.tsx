import { CheckCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Skeleton, Tag } from 'antd';
import type { Player } from '@team/contracts';
import { useEffect, useState } from 'react';
import { serverErrorMessage } from '@/lib/api';
import { AdminScreenHeader } from '../../shared/AdminScreenHeader';
import { useToast } from '@/components/ui/toast';
import { useGetDuplicatesQuery, useMergePlayersMutation } from '../api/duplicates';
import { AccountCard } from './AccountCard';

export interface MergePlayersProps {
  onLogout: () => void;
  /** True when the error was a rejected admin key (the session then ends). */
  handleAdminError: (error: unknown) => boolean;
}

/**
 * SPEC §5: the confirm prompt names both accounts (Primary (KEEP), Duplicate (DELETE)) and
 * says the duplicate is deleted; DESIGN §7 makes that a tombstone off the lists, and the
 * merge can be reverted, so the prompt says so.
 */
export function mergeConfirmText(primary: Player, duplicate: Player): string {
  return [
    'Are you sure you want to merge these accounts?',
    '',
    `Primary (KEEP): ${primary.username} (ID ${primary.id}, Discord ID ${primary.discordId})`,
    `Duplicate (DELETE): ${duplicate.username} (ID ${duplicate.id}, Discord ID ${duplicate.discordId})`,
    '',
    'All match history will be moved to the primary account and the duplicate account will be deleted from the player lists. It is kept as a tombstone whose Discord ID counts for the primary, and you can revert the merge from the Audit log.',
  ].join('\n');
}

export function MergePlayers({ onLogout, handleAdminError }: MergePlayersProps) {
  const { toast } = useToast();
  const duplicates = useGetDuplicatesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [mergePlayers] = useMergePlayersMutation();
  const [mergingId, setMergingId] = useState<number | null>(null);

  // A rejected key on the duplicates lookup ends the session like any admin call.
  const { error } = duplicates;
  useEffect(() => {
    if (error) handleAdminError(error);
  }, [error, handleAdminError]);

  const merge = async (primary: Player, duplicate: Player) => {
    if (!window.confirm(mergeConfirmText(primary, duplicate))) return;
    setMergingId(duplicate.id);
    try {
      await mergePlayers({ primaryId: primary.id, duplicateId: duplicate.id }).unwrap();
      toast({ title: 'Success', description: 'Players merged successfully' });
    } catch (failure) {
      if (!handleAdminError(failure)) {
        toast({ title: 'Error', description: serverErrorMessage(failure, 'Failed to merge players'), variant: 'destructive' });
      }
    } finally {
      setMergingId(null);
    }
  };

  const groups = duplicates.data ?? [];

  return (
    <div>
      <AdminScreenHeader title="Merge Duplicate Players" subtitle="Players who share a username, usually one person with two Discord IDs." onLogout={onLogout} />
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: '1.25rem' }}
        title="Merging is permanent."
        description="All of the duplicate's match history moves to the primary account. The duplicate is kept as a tombstone, off the player lists, and its Discord ID counts for the primary from then on. The merge stays in the event log for good; you can revert a merge from the Audit log."
      />

      {duplicates.isLoading && <Skeleton active paragraph={{ rows: 6 }} />}
      {duplicates.isError && (
        <Alert
          type="error"
          showIcon
          title="Failed to fetch duplicates"
          action={
            <Button size="small" onClick={() => duplicates.refetch()}>
              Retry
            </Button>
          }
        />
      )}
      {duplicates.isSuccess && groups.length === 0 && (
        <Card className="admin-empty">
          <CheckCircleOutlined style={{ fontSize: 32, color: 'var(--win)' }} />
          <h2>No Duplicates Found</h2>
          <p className="muted">Every player has a unique username.</p>
        </Card>
      )}
      {groups.length > 0 && (
        <div className="merge-groups">
          {groups.map((group) => {
            const [primary] = group.players;
            return (
              <Card
                key={group.username}
                role="region"
                aria-label={`Duplicates of ${group.username}`}
                title={
                  <span>
                    {group.username} <Tag color="volcano">{group.players.length}</Tag>
                  </span>
                }
              >
                <div className="merge-accounts">
                  {group.players.map((player, index) => (
                    <AccountCard
                      key={player.id}
                      player={player}
                      position={index + 1}
                      merging={mergingId === player.id}
                      onMerge={index === 0 || !primary ? undefined : () => merge(primary, player)}
                    />
                  ))}
                </div>
              </Card>
            );
          })}
        </div>
      )}
    </div>
  );
}
