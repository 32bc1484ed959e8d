import { CheckCircleOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Skeleton, Tag } from 'antd';
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
 * docs/product.md#validation: the confirm names both accounts (Primary (KEEP), Duplicate (DELETE)) and says the
 * duplicate is deleted; docs/product.md#players-and-merges makes that a tombstone off the lists, and the merge can be
 * reverted, so the confirm says so.
 */
export function MergeConfirmContent({ primary, duplicate }: { primary: Player; duplicate: Player }) {
  return (
    <div className="merge-confirm">
      <ul className="merge-confirm-accounts">
        <li>
          <strong>Primary (KEEP):</strong> {primary.username} (ID {primary.id}, Discord ID {primary.discordId})
        </li>
        <li>
          <strong>Duplicate (DELETE):</strong> {duplicate.username} (ID {duplicate.id}, Discord ID {duplicate.discordId})
        </li>
      </ul>
      <p>
        All match history will be moved to the primary account and the duplicate account will be deleted from the player lists. It is
        kept as a tombstone whose Discord ID counts for the primary, and you can revert the merge from the Audit log.
      </p>
    </div>
  );
}

export function MergePlayers({ onLogout, handleAdminError }: MergePlayersProps) {
  const { toast } = useToast();
  const { modal } = App.useApp();
  const duplicates = useGetDuplicatesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [mergePlayers] = useMergePlayersMutation();
  const [mergingId, setMergingId] = useState<number | null>(null);
  /** Per group (by username), the account chosen to survive; the suggested primary (the first) unless changed. */
  const [survivors, setSurvivors] = useState<ReadonlyMap<string, number>>(new Map());

  // A rejected key on the duplicates lookup ends the session like any admin call.
  const { error } = duplicates;
  useEffect(() => {
    if (error) handleAdminError(error);
  }, [error, handleAdminError]);

  const merge = async (primary: Player, duplicate: Player) => {
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

  const confirmMerge = (primary: Player, duplicate: Player) =>
    modal.confirm({
      title: 'Are you sure you want to merge these accounts?',
      content: <MergeConfirmContent primary={primary} duplicate={duplicate} />,
      okText: 'Merge',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      width: 520,
      onOk: () => merge(primary, duplicate),
    });

  const groups = duplicates.data ?? [];

  return (
    <div>
      <AdminScreenHeader title="Merge Duplicate Players" subtitle="Players who share a username, usually one person with two Discord IDs." onLogout={onLogout} />
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: '1.25rem' }}
        title="Merging moves all of the duplicate's match history to the primary account."
        description="The duplicate is kept as a tombstone, off the player lists, and its Discord ID counts for the primary from then on. A merge made by mistake can be reverted from the Audit log: the duplicate then gets its own account and matches back."
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
            const chosen = group.players.findIndex((candidate) => candidate.id === survivors.get(group.username));
            const survivorIndex = chosen >= 0 ? chosen : 0;
            const primary = group.players[survivorIndex];
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
                      survivor={survivorIndex + 1}
                      onMerge={index === survivorIndex || !primary ? undefined : () => confirmMerge(primary, player)}
                      onKeep={index === survivorIndex ? undefined : () => setSurvivors(new Map(survivors).set(group.username, player.id))}
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
