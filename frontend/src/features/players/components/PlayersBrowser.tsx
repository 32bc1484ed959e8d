import { rankPlayers } from '@team/contracts';
import { useMemo, useState } from 'react';
import { EmptyState } from '@/components/ui/EmptyState';
import { Panel } from '@/components/ui/Panel';
import { SearchInput } from '@/components/ui/SearchInput';
import { ShimmerLines } from '@/components/ui/Shimmer';
import { useNameSuffixes } from '@/lib/player-name';
import { useGetPlayersQuery } from '../api/get-players';
import { useProfileInAddress } from '../use-profile-in-address';
import { PlayerCard } from './PlayerCard';
import { PlayerProfileDialogOnDemand } from './PlayerProfileDialogOnDemand';
import { ProvisionalNote } from './ProvisionalTag';

/** docs/product.md#screens-and-routes: six skeleton cards while loading. */
const SKELETON_CARDS = 6;

export function PlayersBrowser() {
  const { data: players = [], isLoading } = useGetPlayersQuery();
  const [search, setSearch] = useState('');
  const profile = useProfileInAddress();

  const ranked = useMemo(() => rankPlayers(players), [players]);
  // Same-named players are told apart across the whole list, whatever the search shows.
  const suffixes = useNameSuffixes(players);
  const visible = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return needle ? ranked.filter((player) => player.username.toLowerCase().includes(needle)) : ranked;
  }, [ranked, search]);

  return (
    <>
      <SearchInput className="players-search" placeholder="Search players..." label="Search players" value={search} onChange={setSearch} />
      {isLoading ? (
        <div className="card-grid">
          {Array.from({ length: SKELETON_CARDS }, (_, i) => (
            <Panel key={i} className="player-card-skeleton" data-testid="player-card-skeleton">
              <ShimmerLines lines={4} />
            </Panel>
          ))}
        </div>
      ) : visible.length === 0 ? (
        <Panel className="players-empty">
          <EmptyState description={players.length > 0 ? 'No players found matching your search' : 'No players yet'} />
        </Panel>
      ) : (
        <>
          <div className="card-grid">
            {visible.map((player) => (
              <PlayerCard key={player.id} player={player} suffixes={suffixes} onSelect={profile.open} />
            ))}
          </div>
          <ProvisionalNote players={visible} />
        </>
      )}
      <PlayerProfileDialogOnDemand playerId={profile.playerId} onClose={profile.close} showMatchDetails />
    </>
  );
}
