import { podiumMedal, type LeaderboardEntry, type Player } from '@team/contracts';
import { PlayerName } from '@/lib/player-name';
import type { NamedPlayer } from '@/lib/player-names';
import { formatRatio, formatRecord, formatWinRate } from '@/utils/format';
import { PodiumMedal } from './PodiumMedal';
import { ProvisionalTag } from './ProvisionalTag';

// The figures of a board line, shared by the All Rankings table, its phone cards, the podium
// and the Top Players lists.

export interface BoardProps {
  entries: LeaderboardEntry[];
  /** The Discord ID suffixes of same-named players on the whole board (useNameSuffixes). */
  suffixes: ReadonlyMap<number, string>;
  onSelect: (playerId: number) => void;
}

/** A podium rank's highlight (gold, silver, bronze tint), on a table row or a phone card. */
export function rankingRowClass(rank: number): string {
  return podiumMedal(rank) ? `leaderboard-row top-${rank}` : 'leaderboard-row';
}

export function RankLabel({ rank }: { rank: number }) {
  return (
    <span className="table-rank">
      #{rank} <PodiumMedal rank={rank} />
    </span>
  );
}

/** The name in bold, its Discord ID suffix when another player on the board shares it, and the provisional tag. */
export function BoardName({ entry, suffixes }: { entry: NamedPlayer & Pick<Player, 'totalMatches'>; suffixes: ReadonlyMap<number, string> }) {
  return (
    <>
      <strong>
        <PlayerName player={entry} suffixes={suffixes} />
      </strong>
      <ProvisionalTag matches={entry.totalMatches} />
    </>
  );
}

/** "12-8 (60.0%)". */
export function WinLoss({ entry }: { entry: LeaderboardEntry }) {
  return (
    <>
      {formatRecord(entry.wins, entry.losses)} <span className="muted">({formatWinRate(entry.winRate)})</span>
    </>
  );
}

/** At least 1 reads as positive (green), below 1 as negative (red). */
export function KdRatio({ value }: { value: number }) {
  return <span className={value >= 1 ? 'text-win kd-good' : 'text-loss kd-bad'}>{formatRatio(value)}</span>;
}
