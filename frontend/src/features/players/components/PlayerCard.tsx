import type { Player, Ranked } from '@team/contracts';
import { Panel } from '@/components/ui/Panel';
import { PlayerName } from '@/lib/player-name';
import { formatInteger, formatRatio, formatRecord, formatWinRate } from '@/utils/format';
import { onActivationKey } from '@/utils/keyboard';
import { ProvisionalTag } from './ProvisionalTag';
import { TierBadge } from './TierBadge';

export interface PlayerCardProps {
  player: Ranked<Player>;
  /** The Discord ID suffixes of same-named players in the whole list (useNameSuffixes). */
  suffixes: ReadonlyMap<number, string>;
  onSelect: (playerId: number) => void;
}

export function PlayerCard({ player, suffixes, onSelect }: PlayerCardProps) {
  const figures = [
    { label: 'ELO', value: formatInteger(player.elo) },
    { label: 'Win Rate', value: formatWinRate(player.winRate) },
    { label: 'K/D', value: formatRatio(player.kdRatio) },
    { label: 'Record', value: formatRecord(player.wins, player.losses) },
    { label: 'Avg Score', value: formatInteger(player.avgScore) },
  ];
  return (
    <Panel
      as="div"
      className="player-card"
      role="button"
      tabIndex={0}
      onClick={() => onSelect(player.id)}
      onKeyDown={onActivationKey(() => onSelect(player.id))}
    >
      <div className="player-card-header">
        <div style={{ minWidth: 0 }}>
          <div className="player-card-name">
            <PlayerName player={player} suffixes={suffixes} />
          </div>
          <div className="muted">
            {player.totalMatches} matches played
            <ProvisionalTag matches={player.totalMatches} />
          </div>
        </div>
        <TierBadge elo={player.elo} rank={player.rank} />
      </div>
      <dl className="player-card-figures">
        {figures.map((figure) => (
          <div key={figure.label}>
            <dt className="muted">{figure.label}</dt>
            <dd>{figure.value}</dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}
