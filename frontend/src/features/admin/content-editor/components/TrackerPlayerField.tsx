import { AutoComplete, Button } from 'antd';
import { useDeferredValue, useId, useState } from 'react';
import { useGetPlayerCardsQuery } from '@/lib/player-cards';
import { useRosterPlayerSearchQuery } from '../api/roster-player-search';

export interface TrackerPlayerFieldProps {
  playerId: number | null;
  onChange: (playerId: number | null) => void;
  disabled?: boolean;
}

/**
 * A roster card's tracker player (issue 42): found by name or Discord ID, shown by name and
 * ID once chosen, and removable. A card naming a player shows their live ELO, tier and record.
 */
export function TrackerPlayerField({ playerId, onChange, disabled }: TrackerPlayerFieldProps) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const query = useDeferredValue(typed.trim());
  const search = useRosterPlayerSearchQuery(query, { skip: query === '' });
  const named = useGetPlayerCardsQuery(playerId === null ? [] : [playerId], { skip: playerId === null });
  const player = named.data?.find((card) => card.id === playerId);

  return (
    <div className="admin-field">
      <label className="admin-field-label" htmlFor={`${id}-player`}>
        Tracker player
      </label>
      {playerId !== null ? (
        <div className="tracker-player-chosen">
          <span>
            {player ? `${player.username} (ID ${player.id}, ELO ${player.elo})` : named.isFetching ? `ID ${playerId}` : `ID ${playerId}: not on the leaderboard`}
          </span>
          <Button size="small" onClick={() => onChange(null)} disabled={disabled}>
            Remove player
          </Button>
        </div>
      ) : (
        <AutoComplete
          id={`${id}-player`}
          value={typed}
          onChange={setTyped}
          onSelect={(value: string) => {
            onChange(Number(value));
            setTyped('');
          }}
          options={(query === '' ? [] : (search.data ?? [])).map((hit) => ({ value: String(hit.id), label: `${hit.username} (ID ${hit.id}, ELO ${hit.elo})` }))}
          placeholder="Search by name or Discord ID"
          disabled={disabled}
          style={{ width: '100%' }}
        />
      )}
      <p className="admin-field-hint">
        Optional. A card naming a tracker player shows their live ELO, tier and record and links to their profile, so a typed ELO line in
        Content is no longer needed.
      </p>
    </div>
  );
}
