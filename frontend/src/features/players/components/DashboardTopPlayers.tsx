import { useMemo } from 'react';
import { EmptyState } from '@/components/ui/EmptyState';
import { Panel } from '@/components/ui/Panel';
import { ShimmerLines } from '@/components/ui/Shimmer';
import { useNameSuffixes } from '@/lib/player-name';
import { formatRecord } from '@/utils/format';
import { useGetTopPlayersQuery } from '../api/get-top-players';
import { PodiumMedal } from './PodiumMedal';
import { BoardName } from './ranking-cells';
import { TierBadge } from './TierBadge';
import './dashboard-top-players.css';

/** docs/product.md#constants-and-limits: the dashboard lists the top five. */
export const DASHBOARD_TOP_PLAYERS = 5;

export function DashboardTopPlayers({ onSelect }: { onSelect: (playerId: number) => void }) {
  const { data: players = [], isLoading } = useGetTopPlayersQuery();
  const top = useMemo(() => players.slice(0, DASHBOARD_TOP_PLAYERS), [players]);
  const suffixes = useNameSuffixes(top);

  return (
    <Panel title="Top Players" className="dashboard-card dashboard-top-players">
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
                  <span className="board-name-line">
                    <BoardName entry={player} suffixes={suffixes} />
                  </span>
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
