import { ExportOutlined, MergeCellsOutlined } from '@ant-design/icons';
import { Button, Card, Tag } from 'antd';
import type { Player } from '@team/contracts';

export interface AccountCardProps {
  player: Player;
  /** 1-based position in the group; account #1 is the suggested primary. */
  position: number;
  merging: boolean;
  onMerge?: () => void;
}

/** One account of a duplicate group (docs/product.md#screens-and-routes Player merge tool). */
export function AccountCard({ player, position, merging, onMerge }: AccountCardProps) {
  const primary = position === 1;
  return (
    <Card
      size="small"
      className={primary ? 'merge-account primary' : 'merge-account'}
      role="group"
      aria-label={`Account #${position}`}
      title={`Account #${position}`}
      extra={primary ? <Tag color="green">Suggested Primary</Tag> : undefined}
    >
      <dl className="merge-account-stats">
        <dt>ID</dt>
        <dd>{player.id}</dd>
        <dt>Discord ID</dt>
        <dd>{player.discordId}</dd>
        <dt>ELO</dt>
        <dd>{player.elo}</dd>
        <dt>Matches</dt>
        <dd>{player.totalMatches}</dd>
        <dt>W/L</dt>
        <dd>
          {player.wins}/{player.losses}
        </dd>
        <dt>K/D</dt>
        <dd>{player.kdRatio.toFixed(2)}</dd>
      </dl>
      <div className="merge-account-actions">
        <Button
          href={`/tracker/players?id=${player.id}`}
          target="_blank"
          rel="noopener noreferrer"
          icon={<ExportOutlined />}
        >
          View Profile
        </Button>
        {onMerge && (
          <Button type="primary" danger icon={<MergeCellsOutlined />} onClick={onMerge} loading={merging}>
            Merge into Account #1
          </Button>
        )}
      </div>
    </Card>
  );
}
