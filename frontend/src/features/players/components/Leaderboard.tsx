import { Card, Empty, Skeleton } from 'antd';
import { useGetLeaderboardQuery } from '../api/get-leaderboard';
import { LeaderboardPodium, PODIUM_SIZE } from './LeaderboardPodium';
import { LeaderboardTable } from './LeaderboardTable';

function LeaderboardSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading leaderboard">
      <div className="podium">
        {Array.from({ length: PODIUM_SIZE }, (_, i) => (
          <Card key={i}>
            <Skeleton active paragraph={{ rows: 3 }} />
          </Card>
        ))}
      </div>
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    </div>
  );
}

/** Podium and "All Rankings" of one rating pool: overall when `modeId` is null. */
export function Leaderboard({ modeId, onSelect }: { modeId: number | null; onSelect: (playerId: number) => void }) {
  const { data: entries = [], isLoading, isFetching } = useGetLeaderboardQuery(modeId);

  if (isLoading) return <LeaderboardSkeleton />;

  if (entries.length === 0) {
    return (
      <Card>
        <Empty description="No players yet. Record your first match to get started!" />
      </Card>
    );
  }

  return (
    <div className="leaderboard" aria-busy={isFetching}>
      <LeaderboardPodium entries={entries} onSelect={onSelect} />
      <Card title="All Rankings" styles={{ body: { padding: 0 } }}>
        <LeaderboardTable entries={entries} onSelect={onSelect} />
      </Card>
    </div>
  );
}
