import { Table, type TableColumnsType } from 'antd';
import type { LeaderboardEntry } from '@team/contracts';
import { formatRatio, formatRecord, formatWinRate } from '@/utils/format';
import { PodiumMedal } from './PodiumMedal';
import { PODIUM_SIZE } from './LeaderboardPodium';
import { TierBadge } from './TierBadge';

const columns: TableColumnsType<LeaderboardEntry> = [
  {
    title: 'Rank',
    dataIndex: 'rank',
    width: 90,
    render: (rank: number) => (
      <span className="table-rank">
        #{rank} <PodiumMedal rank={rank} />
      </span>
    ),
  },
  { title: 'Player', dataIndex: 'username', render: (username: string) => <strong>{username}</strong> },
  { title: 'Tier', key: 'tier', render: (_, entry) => <TierBadge elo={entry.elo} rank={entry.rank} /> },
  { title: 'ELO', dataIndex: 'elo', render: (elo: number) => <strong>{elo}</strong> },
  {
    title: 'W/L',
    key: 'record',
    render: (_, entry) => (
      <span>
        {formatRecord(entry.wins, entry.losses)} <span className="muted">({formatWinRate(entry.winRate)})</span>
      </span>
    ),
  },
  {
    title: 'K/D',
    dataIndex: 'kdRatio',
    // At least 1 reads as positive (green), below 1 as negative (red).
    render: (kd: number) => <span className={kd >= 1 ? 'text-win kd-good' : 'text-loss kd-bad'}>{formatRatio(kd)}</span>,
  },
  { title: 'Matches', dataIndex: 'totalMatches' },
];

export function LeaderboardTable({ entries, onSelect }: { entries: LeaderboardEntry[]; onSelect: (playerId: number) => void }) {
  return (
    <Table<LeaderboardEntry>
      rowKey="id"
      columns={columns}
      dataSource={entries}
      pagination={entries.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      scroll={{ x: 720 }}
      rowClassName={(entry) => (entry.rank <= PODIUM_SIZE ? `leaderboard-row top-${entry.rank}` : 'leaderboard-row')}
      onRow={(entry) => ({ onClick: () => onSelect(entry.id), style: { cursor: 'pointer' } })}
    />
  );
}
