import { CrownOutlined } from '@/components/ui/icons/CrownOutlined';
import { PlusOutlined } from '@/components/ui/icons/PlusOutlined';
import { TEAM_LABELS, type PlayerSearchHit, type TeamId } from '@team/contracts';
import { useId } from 'react';
import { NumberInput } from '@/components/ui/NumberInput';
import { Panel } from '@/components/ui/Panel';
import { PlainButton } from '@/components/ui/PlainButton';
import { Tag } from '@/components/ui/Tag';
import { PlayerRow } from './PlayerRow';
import { playerRowLabel, toCount, type PlayerField, type PlayerRowState, type RowMarks } from './record-match-form';

export interface TeamCardProps {
  team: TeamId;
  players: PlayerRowState[];
  isWinner: boolean;
  /** The mode's score limit; the Final Score input shows only when there is one. */
  scoreLimit: number | null;
  score: number | null;
  modeStatLabel: string | null;
  /** What a failed submit marks, by row id. */
  marks: ReadonlyMap<number, RowMarks>;
  onSetWinner: () => void;
  onScoreChange: (score: number) => void;
  onAddPlayer: () => void;
  onRemovePlayer: (rowId: number) => void;
  onPlayerChange: (rowId: number, field: PlayerField, value: string | number) => void;
  onPickPlayer: (rowId: number, player: PlayerSearchHit) => void;
}

export function TeamCard(props: TeamCardProps) {
  const { team, players, isWinner, scoreLimit, score, modeStatLabel } = props;
  const scoreId = useId();
  const title = TEAM_LABELS[team];
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
        // The winner's button says it is chosen; the other still offers the choice.
        <PlainButton
          variant={isWinner ? 'primary' : 'default'}
          className={isWinner ? 'team-winner-button chosen' : 'team-winner-button'}
          onClick={props.onSetWinner}
          aria-pressed={isWinner}
        >
          {isWinner ? (
            <>
              <span aria-hidden>✓</span> Winner
            </>
          ) : (
            'Set as Winner'
          )}
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
            label={playerRowLabel(team, index)}
            modeStatLabel={modeStatLabel}
            removable={players.length > 1}
            marks={props.marks.get(row.rowId)}
            onChange={(field, value) => props.onPlayerChange(row.rowId, field, value)}
            onPick={(player) => props.onPickPlayer(row.rowId, player)}
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
