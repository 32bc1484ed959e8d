import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { Panel } from '@/components/ui/Panel';
import { PlainButton } from '@/components/ui/PlainButton';
import { ShimmerLines } from '@/components/ui/Shimmer';
import { useNameSuffixes } from '@/lib/player-name';
import { formatWinsLosses } from '@/utils/format';
import { useGetTopPlayersQuery } from '../api/get-top-players';
import { PodiumMedal } from './PodiumMedal';
import './home-top-players.css';
import { BoardName } from './ranking-cells';

/** docs/product.md#constants-and-limits: the home page shows six top players. */
export const HOME_TOP_PLAYERS = 6;

export function HomeTopPlayers() {
  const navigate = useNavigate();
  const { data: players = [], isLoading } = useGetTopPlayersQuery();
  const top = useMemo(() => players.slice(0, HOME_TOP_PLAYERS), [players]);
  const suffixes = useNameSuffixes(top);

  return (
    <section className="home-top-players" aria-labelledby="home-top-players-title">
      <h2 id="home-top-players-title" className="section-heading">Top Players</h2>
      <div className="top-players-grid" data-count={isLoading ? HOME_TOP_PLAYERS : Math.min(players.length, HOME_TOP_PLAYERS)}>
        {isLoading
          ? Array.from({ length: HOME_TOP_PLAYERS }, (_, i) => (
              <Panel key={i} className="top-player-card">
                <ShimmerLines lines={2} />
              </Panel>
            ))
          : top.map((player, index) => (
              <Panel key={player.id} className="top-player-card">
                <div className="top-player-row">
                  <span className="top-player-rank">#{index + 1}</span>
                  <PodiumMedal rank={index + 1} />
                  <div className="top-player-name">
                    <span className="board-name-line">
                      <BoardName entry={player} suffixes={suffixes} />
                    </span>
                    <span className="muted">{formatWinsLosses(player.wins, player.losses)}</span>
                  </div>
                  <span className="top-player-elo">{player.elo}</span>
                </div>
              </Panel>
            ))}
      </div>
      <div className="section-actions">
        <PlainButton variant="primary" onClick={() => navigate('/tracker/leaderboard')}>
          View Full Leaderboard
        </PlainButton>
      </div>
    </section>
  );
}
