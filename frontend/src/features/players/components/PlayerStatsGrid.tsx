import type { Player } from '@team/contracts';
import { formatAverage, formatInteger, formatRatio, formatRecord, formatWinRate } from '@/utils/format';

interface StatTile {
  label: string;
  value: string;
  detail?: string;
}

function statTiles(player: Player): StatTile[] {
  return [
    { label: 'ELO Rating', value: formatInteger(player.elo), detail: 'Overall ELO — matches recorded without a mode' },
    { label: 'Win Rate', value: formatWinRate(player.winRate), detail: formatRecord(player.wins, player.losses) },
    { label: 'K/D Ratio', value: formatRatio(player.kdRatio), detail: `${player.totalKills} kills / ${player.totalDeaths} deaths` },
    { label: 'Total Matches', value: formatInteger(player.totalMatches), detail: 'Games played' },
    { label: 'Avg Kills', value: formatAverage(player.avgKills) },
    { label: 'Avg Deaths', value: formatAverage(player.avgDeaths) },
    { label: 'Avg Assists', value: formatAverage(player.avgAssists) },
    { label: 'Avg Score', value: formatInteger(player.avgScore) },
  ];
}

export function PlayerStatsGrid({ player }: { player: Player }) {
  return (
    <dl className="profile-stats">
      {statTiles(player).map((tile) => (
        <div key={tile.label} className="profile-stat" data-stat={tile.label}>
          <dt className="muted">{tile.label}</dt>
          <dd>
            <span className="profile-stat-value">{tile.value}</span>
            {tile.detail && <span className="profile-stat-detail muted">{tile.detail}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
