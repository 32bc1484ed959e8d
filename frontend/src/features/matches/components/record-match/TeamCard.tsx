import { CrownOutlined } from '@/components/ui/icons/CrownOutlined';
import { PlusOutlined } from '@/components/ui/icons/PlusOutlined';
import type { TeamId } from '@team/contracts';
import { useId } from 'react';
import { NumberInput } from '@/components/ui/NumberInput';
import { Panel } from '@/components/ui/Panel';
import { PlainButton } from '@/components/ui/PlainButton';
import { Tag } from '@/components/ui/Tag';
import { PlayerRow } from './PlayerRow';
import { toCount, type PlayerField, type PlayerRowState } from './record-match-form';

export const TEAM_TITLES: Record<TeamId, string> = { team1: 'Team 1', team2: 'Team 2' };

export interface TeamCardProps {
  team: TeamId;
  players: PlayerRowState[];
  isWinner: boolean;
  /** The mode's score limit; the Final Score input shows only when there is one. */
  scoreLimit: number | null;
  score: number | null;
  modeStatLabel: string | null;
  onSetWinner: () => void;
  onScoreChange: (score: number) => void;
  onAddPlayer: () => void;
  onRemovePlayer: (rowId: number) => void;
  onPlayerChange: (rowId: number, field: PlayerField, value: string | number) => void;
}

export function TeamCard(props: TeamCardProps) {
  const { team, players, isWinner, scoreLimit, score, modeStatLabel } = props;
  const scoreId = useId();
  const title = TEAM_TITLES[team];
  return (
    <Panel
      className={isWinner ? 'team-card winner' : 'team-card'}
      data-team={team}
      title={
        <span className="team-card-title">
          {title}
          {isWinner && (
            <Tag tone="gold" icon={<CrownOutlined />}>
              Winner
            </Tag>
          )}
        </span>
      }
      extra={
        <PlainButton variant={isWinner ? 'primary' : 'default'} onClick={props.onSetWinner} aria-pressed={isWinner}>
          Set as Winner
        </PlainButton>
      }
      role="group"
      aria-label={title}
    >
      {scoreLimit != null && (
        <div className="team-score">
          <label htmlFor={scoreId}>Final Score</label>
          <NumberInput
            id={scoreId}
            max={scoreLimit}
            value={score}
            onChange={(value) => props.onScoreChange(Math.min(toCount(value), scoreLimit))}
          />
          <span className="muted">Max: {scoreLimit}</span>
        </div>
      )}
      <div className="team-players">
        {players.map((row, index) => (
          <PlayerRow
            key={row.rowId}
            row={row}
            label={`${title}, player ${index + 1}`}
            modeStatLabel={modeStatLabel}
            removable={players.length > 1}
            onChange={(field, value) => props.onPlayerChange(row.rowId, field, value)}
            onRemove={() => props.onRemovePlayer(row.rowId)}
          />
        ))}
      </div>
      <PlainButton className="plain-button-dashed plain-button-block" onClick={props.onAddPlayer}>
        <PlusOutlined aria-hidden />
        Add Player
      </PlainButton>
    </Panel>
  );
}
