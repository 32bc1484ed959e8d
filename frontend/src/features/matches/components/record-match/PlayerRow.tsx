import { DeleteOutlined } from '@/components/ui/icons/DeleteOutlined';
import { kda, kdRatio, type PlayerSearchHit } from '@team/contracts';
import { useEffect, useId } from 'react';
import { Hint } from '@/components/ui/Hint';
import { NumberInput } from '@/components/ui/NumberInput';
import { PlainButton } from '@/components/ui/PlainButton';
import { formatRatio } from '@/utils/format';
import { loadNewIdConfirm } from './load-new-id-confirm';
import { newIdClash, newIdWarning } from '@/lib/new-id-clash';
import { usePlayerLookup } from './player-lookup';
import { PlayerLookupInput } from './PlayerLookupInput';
import { toCount, type PlayerField, type PlayerRowState, type RowMarks } from './record-match-form';

const COUNT_FIELDS: { field: Exclude<PlayerField, 'discordId' | 'username' | 'modeStat'>; label: string }[] = [
  { field: 'kills', label: 'Kills' },
  { field: 'deaths', label: 'Deaths' },
  { field: 'assists', label: 'Assists' },
  { field: 'score', label: 'Score' },
];

export interface PlayerRowProps {
  row: PlayerRowState;
  /** "Team 1, player 2": names the row for screen readers. */
  label: string;
  /** The mode-specific input's label, e.g. "Time (seconds)", or null when the mode has none. */
  modeStatLabel: string | null;
  removable: boolean;
  /** The fields a failed submit found at fault, and why. */
  marks: RowMarks | undefined;
  onChange: (field: PlayerField, value: string | number) => void;
  /** A known player chosen from a lookup list (or from the new-ID warning). */
  onPick: (player: PlayerSearchHit) => void;
  onRemove: () => void;
}

interface CountInputProps {
  id: string;
  label: string;
  value: number;
  invalid: boolean;
  describedBy: string | undefined;
  onChange: (value: number) => void;
}

function CountInput({ id, label, value, invalid, describedBy, onChange }: CountInputProps) {
  return (
    <div className="player-row-field">
      <label htmlFor={id}>{label}</label>
      <NumberInput id={id} value={value} onChange={(next) => onChange(toCount(next))} aria-invalid={invalid || undefined} aria-describedby={describedBy} />
    </div>
  );
}

/** The ids of the row's notes that describe a field: its problem when marked, the new-ID warning for the Discord ID. */
function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

export function PlayerRow({ row, label, modeStatLabel, removable, marks, onChange, onPick, onRemove }: PlayerRowProps) {
  const id = useId();
  const byDiscordId = usePlayerLookup(row.discordId);
  const byName = usePlayerLookup(row.username);
  const clash = newIdClash(row.discordId, row.username, byDiscordId.found, byName.found);
  const errorId = marks && `${id}-error`;
  const warningId = clash ? `${id}-warning` : undefined;
  const invalid = (field: PlayerField) => marks?.fields.has(field) ?? false;
  const errorOf = (field: PlayerField) => invalid(field) && errorId;

  const flagged = clash !== null;
  useEffect(() => {
    if (flagged) void loadNewIdConfirm();
  }, [flagged]);

  return (
    <fieldset className="player-row" aria-label={label} data-row-id={row.rowId}>
      <legend className="sr-only">{label}</legend>
      <div className="player-row-identity">
        <div className="player-row-field player-row-discord">
          <label htmlFor={`${id}-discord`}>Discord ID</label>
          <PlayerLookupInput
            id={`${id}-discord`}
            field="discordId"
            value={row.discordId}
            placeholder="123456789012345678"
            offered={byDiscordId.offered}
            invalid={invalid('discordId')}
            aria-describedby={describedBy(errorOf('discordId'), warningId)}
            onChange={(value) => onChange('discordId', value)}
            onPick={onPick}
          />
        </div>
        <div className="player-row-field">
          <label htmlFor={`${id}-username`}>Username</label>
          <PlayerLookupInput
            id={`${id}-username`}
            field="username"
            value={row.username}
            placeholder="Username"
            offered={byName.offered}
            invalid={invalid('username')}
            aria-describedby={describedBy(errorOf('username'))}
            onChange={(value) => onChange('username', value)}
            onPick={onPick}
          />
        </div>
        {removable && (
          <Hint title="Remove player">
            <PlainButton variant="text" className="plain-button-icon plain-button-danger player-row-remove" aria-label="Remove player" onClick={onRemove}>
              <DeleteOutlined />
            </PlainButton>
          </Hint>
        )}
      </div>
      {/* Polite: the warning is read once the lookups have answered, without taking the focus. */}
      <div aria-live="polite">
        {clash && (
          <div className="player-row-warning" id={warningId}>
            <p>{newIdWarning(clash)}</p>
            {clash.players.map((player) => (
              <PlainButton key={player.id} className="player-row-warning-pick" onClick={() => onPick(player)}>
                Use player ID {player.id}
              </PlainButton>
            ))}
          </div>
        )}
      </div>
      <div className="player-row-stats">
        {COUNT_FIELDS.map(({ field, label: fieldLabel }) => (
          <CountInput
            key={field}
            id={`${id}-${field}`}
            label={fieldLabel}
            value={row[field]}
            invalid={invalid(field)}
            describedBy={describedBy(errorOf(field))}
            onChange={(value) => onChange(field, value)}
          />
        ))}
        {modeStatLabel && (
          <CountInput
            id={`${id}-mode-stat`}
            label={modeStatLabel}
            value={row.modeStat}
            invalid={false}
            describedBy={undefined}
            onChange={(value) => onChange('modeStat', value)}
          />
        )}
      </div>
      {marks && (
        <p className="player-row-error" id={errorId}>
          {marks.messages.join(' ')}
        </p>
      )}
      <div className="player-row-readout muted" aria-live="polite">
        K/D: <strong>{formatRatio(kdRatio(row.kills, row.deaths))}</strong> · KDA:{' '}
        <strong>{formatRatio(kda(row.kills, row.deaths, row.assists))}</strong>
      </div>
    </fieldset>
  );
}
