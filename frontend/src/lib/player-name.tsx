import { useMemo } from 'react';
import { nameSuffixes, suffixText, type NamedPlayer } from './player-names';
import './player-name.css';

/** The suffixes of a list of players (nameSuffixes), worked out again only when the list changes. */
export function useNameSuffixes(players: readonly NamedPlayer[] | undefined): Map<number, string> {
  return useMemo(() => nameSuffixes(players ?? []), [players]);
}

/**
 * A player's name, and when another listed player shares it, the end of their Discord ID
 * ("Shadow ·…4821") with the whole ID on hover. `suffixes` comes from the whole list shown.
 */
export function PlayerName({ player, suffixes }: { player: NamedPlayer; suffixes: ReadonlyMap<number, string> }) {
  const tail = suffixes.get(player.id);
  if (tail === undefined) return <>{player.username}</>;
  return (
    <>
      {player.username}{' '}
      <span className="name-suffix" title={`Discord ID ${player.discordId}`}>
        {suffixText(tail)}
      </span>
    </>
  );
}
