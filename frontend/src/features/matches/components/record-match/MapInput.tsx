import { MAX_MAP_NAME_LENGTH } from '@team/contracts';
import { useId } from 'react';
import '@/components/ui/controls.css';

/**
 * The match's map (optional). A plain input like the screen's other text fields: the Record
 * Match screen loads no antd component on its first paint (see GameModeCard's select).
 */
export function MapInput({ value, onChange }: { value: string; onChange: (map: string) => void }) {
  const id = useId();
  return (
    <div className="match-map-field">
      <label htmlFor={id}>Map (optional)</label>
      <input
        id={id}
        className="plain-input"
        value={value}
        maxLength={MAX_MAP_NAME_LENGTH}
        placeholder="e.g. Highrise"
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
