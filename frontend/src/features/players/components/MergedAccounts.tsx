import { Button, Popconfirm } from 'antd';
import { serverErrorMessage } from '@/lib/api';
import { useRevertMergeMutation } from '@/lib/ladder-corrections';
import { useToast } from '@/components/ui/toast';
import { useGetPlayerMergesQuery } from '../api/player-merges';

/**
 * Admin only: the accounts merged into this player, each with "Revert merge" (docs/product.md#players-and-merges),
 * as the Audit screen offers it. Loaded lazily by the profile dialog for a stored moderator (or
 * owner) key; the server checks the key.
 */
export default function MergedAccounts({ playerId, username }: { playerId: number; username: string }) {
  const { toast } = useToast();
  const merges = useGetPlayerMergesQuery(playerId, { refetchOnMountOrArgChange: true });
  const [revert, { isLoading }] = useRevertMergeMutation();
  if (!merges.data?.length) return null;

  const confirm = async (duplicateId: number) => {
    try {
      await revert({ primaryId: playerId, duplicateId }).unwrap();
      // The revert invalidates the Players tags, this list's among them: it reads again by itself.
      toast({ title: 'Success', description: 'Merge reverted' });
    } catch (error) {
      toast({ title: 'Error', description: serverErrorMessage(error, 'Failed to revert merge'), variant: 'destructive' });
    }
  };

  return (
    <section className="merged-accounts" aria-label="Merged accounts">
      <h3>Merged accounts</h3>
      <ul>
        {merges.data.map((merge) => (
          <li key={merge.duplicateId}>
            <span>
              {merge.duplicateUsername} <span className="muted">(ID {merge.duplicateId})</span>
            </span>
            <Popconfirm
              title="Revert this merge?"
              description={`Splits ${merge.duplicateUsername} from ${username} again: each account gets back its own matches, Discord IDs and rating share.`}
              okText="Revert merge"
              onConfirm={() => confirm(merge.duplicateId)}
            >
              <Button size="small" loading={isLoading}>
                Revert merge
              </Button>
            </Popconfirm>
          </li>
        ))}
      </ul>
    </section>
  );
}
