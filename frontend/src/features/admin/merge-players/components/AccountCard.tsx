import { ExportOutlined, MergeCellsOutlined } from '@ant-design/icons';
import { Button, Card, Tag } from 'antd';
import type { Player } from '@team/contracts';

export interface AccountCardProps {
  player: Player;
  /** 1-based position in the group; account #1 is the suggested primary. */
  position: number;
  merging: boolean;
  /** The account chosen to survive the group's merges: its position, 1 (the suggestion) unless another was chosen. */
  survivor: number;
  onMerge?: () => void;
  /** Makes this account the one the others merge into. */
  onKeep?: () => void;
}

/** One account of a duplicate group (docs/product.md#screens-and-routes Player merge tool). */
export function AccountCard({ player, position, merging, survivor, onMerge, onKeep }: AccountCardProps) {
  const primary = position === 1;
  const kept = position === survivor;
  return (
    <Card
      size="small"
      className={kept ? 'merge-account primary' : 'merge-account'}
      role="group"
      aria-label={`Account #${position}`}
      title={`Account #${position}`}
      extra={
        primary || kept ? (
          <span className="merge-account-tags">
            {primary && <Tag color="green">Suggested Primary</Tag>}
            {kept && !primary && <Tag color="blue">Kept</Tag>}
          </span>
        ) : undefined
      }
    >
      <dl className="merge-account-stats">
        <dt>ID</dt>
        <dd>{player.id}</dd>
        <dt>Discord ID</dt>
        <dd className="merge-discord-id">{player.discordId}</dd>
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
            {`Merge into Account #${survivor}`}
          </Button>
        )}
        {onKeep && <Button onClick={onKeep}>Keep this account instead</Button>}
      </div>
    </Card>
  );
}
