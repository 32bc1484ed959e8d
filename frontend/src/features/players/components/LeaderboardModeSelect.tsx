import type { Mode } from '@team/contracts';
import { SegmentedChoice } from '@/components/ui/SegmentedChoice';
import { OVERALL_ELO_NOTE, poolNote } from '@/lib/rating-name';

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
    <SegmentedChoice<string>
      label="Rating pool"
      value={value == null ? OVERALL : String(value)}
      onChange={(next) => onChange(next === OVERALL ? null : Number(next))}
      options={[
        { label: 'Overall', value: OVERALL, hint: OVERALL_ELO_NOTE },
        ...modes.map((mode) => ({ label: mode.name, value: String(mode.id), hint: poolNote(mode) })),
      ]}
    />
  );
}
