import type { Mode } from '@team/contracts';
import { useId, type ReactNode } from 'react';
import { Panel } from '@/components/ui/Panel';
import '@/components/ui/controls.css';

const NO_MODE = 'none';

export interface GameModeCardProps {
  modes: Mode[];
  loading: boolean;
  value: number | null;
  onChange: (modeId: number | null) => void;
  /** More about the match, below the mode (the map's input). */
  children?: ReactNode;
}

export function GameModeCard({ modes, loading, value, onChange, children }: GameModeCardProps) {
  const id = useId();
  const selected = modes.find((mode) => mode.id === value) ?? null;
  return (
    <Panel title="Game Mode" className="game-mode-card">
      <label htmlFor={id} className="sr-only">
        Game Mode
      </label>
      {/* A native select: the phone's own picker, and no antd Select on the screen's first load. */}
      <select
        id={id}
        className="plain-input game-mode-select"
        aria-busy={loading}
        value={value == null ? NO_MODE : String(value)}
        onChange={(event) => onChange(event.target.value === NO_MODE ? null : Number(event.target.value))}
      >
        <option value={NO_MODE}>No Mode (Overall ELO)</option>
        {modes.map((mode) => (
          <option key={mode.id} value={String(mode.id)}>
            {mode.name}
          </option>
        ))}
      </select>
      <p className="muted hint">
        Selecting a mode updates that mode&apos;s ELO rating. With no mode, the overall ELO is updated.
      </p>
      {selected?.description && <p className="muted hint">{selected.description}</p>}
      {selected?.scoreLimit != null && (
        <p className="muted hint">Enter the final score of each team: the score margin affects ELO gain/loss.</p>
      )}
      {children}
    </Panel>
  );
}
