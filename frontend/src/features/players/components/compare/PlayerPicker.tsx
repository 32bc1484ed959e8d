import type { Player } from '@team/contracts';
import { useId, useMemo, useState } from 'react';
import { SearchInput } from '@/components/ui/SearchInput';
import { PlayerName } from '@/lib/player-name';

/** How many players a search lists at once. */
const MAX_RESULTS = 8;

export interface PlayerPickerProps {
  /** "Player A" or "Player B". */
  label: string;
  players: Player[];
  /** The chosen player, when the list knows it. */
  chosen: Player | undefined;
  /** The Discord ID suffixes of same-named players in the whole list (useNameSuffixes). */
  suffixes: ReadonlyMap<number, string>;
  onPick: (playerId: number) => void;
}

/** Choose a player by searching the names (case-insensitive substring, as the Players screen does). */
export function PlayerPicker({ label, players, chosen, suffixes, onPick }: PlayerPickerProps) {
  const [search, setSearch] = useState('');
  const resultsId = useId();
  const needle = search.trim().toLowerCase();
  const found = useMemo(
    () => (needle ? players.filter((player) => player.username.toLowerCase().includes(needle)).slice(0, MAX_RESULTS) : []),
    [players, needle],
  );

  return (
    <fieldset className="compare-picker">
      <legend>{label}</legend>
      <p className="compare-picked" aria-live="polite">
        {chosen ? (
          <>
            <span className="muted">Chosen: </span>
            <strong>
              <PlayerName player={chosen} suffixes={suffixes} />
            </strong>
          </>
        ) : (
          <span className="muted">No player chosen</span>
        )}
      </p>
      <SearchInput placeholder="Search players..." label={`Search ${label}`} value={search} onChange={setSearch} />
      {needle &&
        (found.length === 0 ? (
          <p className="muted compare-picker-empty">No players found matching your search</p>
        ) : (
          <ul id={resultsId} className="compare-picker-results" aria-label={`Players found for ${label}`}>
            {found.map((player) => (
              <li key={player.id}>
                <button
                  type="button"
                  className="compare-picker-result"
                  onClick={() => {
                    onPick(player.id);
                    setSearch('');
                  }}
                >
                  <span>
                    <PlayerName player={player} suffixes={suffixes} />
                  </span>
                  <span className="muted">{player.elo} ELO</span>
                </button>
              </li>
            ))}
          </ul>
        ))}
    </fieldset>
  );
}
