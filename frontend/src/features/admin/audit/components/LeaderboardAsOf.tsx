import { Alert, Button, Skeleton, Table } from 'antd';
import type { LeaderboardEntry } from '@team/contracts';
import { useContext, useState } from 'react';
import { serverErrorMessage } from '@/lib/api';
import { PastProfileDialogSlot } from '@/components/ui/player-profile-slot';
import { useGetLeaderboardAsOfQuery } from '../api/leaderboard-as-of';

const SHOWN = 10;

/** Time travel: the top of the leaderboard right after the selected event; a name opens that player's profile as of then. */
export function LeaderboardAsOf({ position }: { position: number }) {
  const board = useGetLeaderboardAsOfQuery(position);
  const [profileId, setProfileId] = useState<number | null>(null);
  const PastProfileDialog = useContext(PastProfileDialogSlot);
  if (board.isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (board.isError) {
    return <Alert type="error" showIcon title={serverErrorMessage(board.error, 'Failed to load the leaderboard at this point')} />;
  }
  const rows = board.data ?? [];
  return (
    <section aria-label={`Leaderboard as of position ${position}`} className="audit-as-of">
      <h4>Leaderboard right after this event</h4>
      {rows.length === 0 ? (
        <p className="muted">No players yet at this point.</p>
      ) : (
        <Table<LeaderboardEntry>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={rows.slice(0, SHOWN)}
          columns={[
            { title: 'Rank', dataIndex: 'rank', width: 70 },
            {
              title: 'Player',
              dataIndex: 'username',
              render: (username: string, player) =>
                PastProfileDialog ? (
                  <Button type="link" size="small" onClick={() => setProfileId(player.id)}>
                    {username}
                  </Button>
                ) : (
                  <a href={`/tracker/players?playerId=${player.id}`} target="_blank" rel="noreferrer">
                    {username}
                  </a>
                ),
            },
            { title: 'Tier', dataIndex: 'tier' },
            { title: 'ELO', dataIndex: 'elo' },
            { title: 'W/L', render: (_value, player) => `${player.wins}-${player.losses}` },
          ]}
        />
      )}
      {rows.length > SHOWN && <p className="muted">Top {SHOWN} of {rows.length} players.</p>}
      {PastProfileDialog && <PastProfileDialog playerId={profileId} asOf={position} onClose={() => setProfileId(null)} />}
    </section>
  );
}
