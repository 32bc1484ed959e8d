import type { PlayerSearchHit } from '@team/contracts';
import { useState, type InputHTMLAttributes, type KeyboardEvent } from 'react';

export interface PlayerLookupInputProps extends Pick<InputHTMLAttributes<HTMLInputElement>, 'placeholder' | 'className' | 'aria-describedby'> {
  id: string;
  value: string;
  /** The known players the list offers for what is typed (empty: no list). */
  offered: readonly PlayerSearchHit[];
  invalid: boolean;
  /** Which of the row's names this field holds: `data-field`, for the form to focus it. */
  field: 'discordId' | 'username';
  onChange: (value: string) => void;
  onPick: (player: PlayerSearchHit) => void;
}

function matchCount(matches: number): string {
  return matches === 1 ? '1 match' : `${matches} matches`;
}

/**
 * A text field that offers known players as one types (the ARIA 1.2 combobox with a listbox
 * popup): arrows move through the list, Enter or a click picks, Escape or leaving the field
 * closes it. Drawn without antd, as the rest of the Record Match screen.
 */
export function PlayerLookupInput({ id, value, offered, invalid, field, onChange, onPick, ...input }: PlayerLookupInputProps) {
  // Opened by typing (or an arrow key), not by focus alone: tabbing through a filled form stays quiet.
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = `${id}-players`;
  const expanded = open && offered.length > 0;
  const current = expanded && active < offered.length ? active : -1;

  const pick = (player: PlayerSearchHit) => {
    setOpen(false);
    setActive(-1);
    onPick(player);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = offered.length;
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && count > 0) {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setOpen(true);
      setActive(current === -1 ? (step === 1 ? 0 : count - 1) : (current + step + count) % count);
    } else if (event.key === 'Enter' && current !== -1) {
      // Enter picks the highlighted player; with none highlighted it submits the form as usual.
      event.preventDefault();
      pick(offered[current]!);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
    }
  };

  return (
    <div className="player-lookup">
      <input
        {...input}
        id={id}
        className={['plain-input', input.className].filter(Boolean).join(' ')}
        data-field={field}
        value={value}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={current === -1 ? undefined : `${listId}-${current}`}
        aria-invalid={invalid || undefined}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => {
          setOpen(true);
          setActive(-1);
          onChange(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Known players"
        className="player-lookup-list"
        hidden={!expanded}
        // Keeps the focus in the field (a click on an option or the list's scroll bar), so the list stays open for it.
        onMouseDown={(event) => event.preventDefault()}
      >
        {offered.map((player, index) => (
          <li
            key={player.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === current}
            className="player-lookup-option"
            onClick={() => pick(player)}
          >
            <span className="player-lookup-name">{player.username}</span>
            <span className="player-lookup-meta">
              {player.discordId} · ID {player.id} · {matchCount(player.totalMatches)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
