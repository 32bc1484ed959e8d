import { EmptyState } from '@/components/ui/EmptyState';
import { Panel } from '@/components/ui/Panel';
import { ShimmerLines } from '@/components/ui/Shimmer';
import { formatRecord } from '@/utils/format';
import { useGetTopPlayersQuery } from '../api/get-top-players';
import { PodiumMedal } from './PodiumMedal';
import { TierBadge } from './TierBadge';

/** SPEC §9: the dashboard lists the top five. */
export const DASHBOARD_TOP_PLAYERS = 5;

export function DashboardTopPlayers({ onSelect }: { onSelect: (playerId: number) => void }) {
  const { data: players = [], isLoading } = useGetTopPlayersQuery();
  const top = players.slice(0, DASHBOARD_TOP_PLAYERS);

  return (
    <Panel title="Top Players" className="dashboard-card">
      {isLoading ? (
        <ShimmerLines lines={5} />
      ) : top.length === 0 ? (
        <EmptyState description="No players yet" />
      ) : (
        <ol className="clickable-list">
          {top.map((player, index) => (
            <li key={player.id}>
              <button type="button" className="clickable-row" onClick={() => onSelect(player.id)}>
                <span className="top-player-rank">#{index + 1}</span>
                <PodiumMedal rank={index + 1} />
                <span className="clickable-row-main">
                  <strong>{player.username}</strong>
                  <span className="muted">{formatRecord(player.wins, player.losses)}</span>
                </span>
                <TierBadge elo={player.elo} rank={index + 1} />
                <span className="top-player-elo">{player.elo}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
