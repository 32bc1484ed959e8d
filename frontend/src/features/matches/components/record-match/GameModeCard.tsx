import { Card, Select } from 'antd';
import type { Mode } from '@team/contracts';
import { useId } from 'react';

const NO_MODE = 'none';

export interface GameModeCardProps {
  modes: Mode[];
  loading: boolean;
  value: number | null;
  onChange: (modeId: number | null) => void;
}

export function GameModeCard({ modes, loading, value, onChange }: GameModeCardProps) {
  const id = useId();
  const selected = modes.find((mode) => mode.id === value) ?? null;
  return (
    <Card title="Game Mode" className="game-mode-card">
      <label htmlFor={id} className="sr-only">
        Game Mode
      </label>
      <Select<string>
        id={id}
        style={{ width: '100%', maxWidth: 360 }}
        loading={loading}
        value={value == null ? NO_MODE : String(value)}
        onChange={(next) => onChange(next === NO_MODE ? null : Number(next))}
        options={[
          { value: NO_MODE, label: 'No Mode (Overall ELO)' },
          ...modes.map((mode) => ({ value: String(mode.id), label: mode.name })),
        ]}
      />
      <p className="muted hint">
        Selecting a mode updates that mode&apos;s ELO rating. With no mode, the overall ELO is updated.
      </p>
      {selected?.description && <p className="muted hint">{selected.description}</p>}
      {selected?.scoreLimit != null && (
        <p className="muted hint">Enter the final score of each team: the score margin affects ELO gain/loss.</p>
      )}
    </Card>
  );
}
