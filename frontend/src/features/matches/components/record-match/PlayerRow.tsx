import { DeleteOutlined } from '@/components/ui/icons/DeleteOutlined';
import { kda, kdRatio } from '@team/contracts';
import { useId } from 'react';
import { Hint } from '@/components/ui/Hint';
import { NumberInput } from '@/components/ui/NumberInput';
import { PlainButton } from '@/components/ui/PlainButton';
import { formatRatio } from '@/utils/format';
import { toCount, type PlayerField, type PlayerRowState } from './record-match-form';

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
  onChange: (field: PlayerField, value: string | number) => void;
  onRemove: () => void;
}

function CountInput({ id, label, value, onChange }: { id: string; label: string; value: number; onChange: (value: number) => void }) {
  return (
    <div className="player-row-field">
      <label htmlFor={id}>{label}</label>
      <NumberInput id={id} value={value} onChange={(next) => onChange(toCount(next))} />
    </div>
  );
}

export function PlayerRow({ row, label, modeStatLabel, removable, onChange, onRemove }: PlayerRowProps) {
  const id = useId();
  return (
    <fieldset className="player-row" aria-label={label}>
      <legend className="sr-only">{label}</legend>
      <div className="player-row-identity">
        <div className="player-row-field">
          <label htmlFor={`${id}-discord`}>Discord ID</label>
          <input className="plain-input" id={`${id}-discord`} value={row.discordId} placeholder="123456789012345678" onChange={(e) => onChange('discordId', e.target.value)} />
        </div>
        <div className="player-row-field">
          <label htmlFor={`${id}-username`}>Username</label>
          <input className="plain-input" id={`${id}-username`} value={row.username} placeholder="Username" onChange={(e) => onChange('username', e.target.value)} />
        </div>
        {removable && (
          <Hint title="Remove player">
            <PlainButton variant="text" className="plain-button-icon plain-button-danger player-row-remove" aria-label="Remove player" onClick={onRemove}>
              <DeleteOutlined />
            </PlainButton>
          </Hint>
        )}
      </div>
      <div className="player-row-stats">
        {COUNT_FIELDS.map(({ field, label: fieldLabel }) => (
          <CountInput key={field} id={`${id}-${field}`} label={fieldLabel} value={row[field]} onChange={(value) => onChange(field, value)} />
        ))}
        {modeStatLabel && (
          <CountInput id={`${id}-mode-stat`} label={modeStatLabel} value={row.modeStat} onChange={(value) => onChange('modeStat', value)} />
        )}
      </div>
      <div className="player-row-readout muted" aria-live="polite">
        K/D: <strong>{formatRatio(kdRatio(row.kills, row.deaths))}</strong> · KDA:{' '}
        <strong>{formatRatio(kda(row.kills, row.deaths, row.assists))}</strong>
      </div>
    </fieldset>
  );
}
