import { Segmented } from 'antd';
import type { Mode } from '@team/contracts';

const OVERALL = 'overall';

/** Overall ELO or one mode's pool; the value is the mode id, null for overall. */
export function LeaderboardModeSelect({
  modes,
  value,
  onChange,
}: {
  modes: Mode[];
  value: number | null;
  onChange: (modeId: number | null) => void;
}) {
  return (
    <Segmented<string>
      aria-label="Rating pool"
      value={value == null ? OVERALL : String(value)}
      onChange={(next) => onChange(next === OVERALL ? null : Number(next))}
      options={[{ label: 'Overall', value: OVERALL }, ...modes.map((mode) => ({ label: mode.name, value: String(mode.id) }))]}
    />
  );
}
