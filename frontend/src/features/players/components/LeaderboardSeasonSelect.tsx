import type { Season } from '@team/contracts';

const ALL_TIME = 'all';

/**
 * All time, the current season or a past one; the value is a season id, null for all time.
 * A native select: the board's first load stays free of antd.
 */
export function LeaderboardSeasonSelect({
  seasons,
  value,
  onChange,
}: {
  seasons: Season[];
  value: number | null;
  onChange: (seasonId: number | null) => void;
}) {
  const selected = seasons.find((season) => season.id === value);
  return (
    <div className="season-select">
      <label htmlFor="leaderboard-season">Season</label>
      <select
        id="leaderboard-season"
        value={value == null ? ALL_TIME : String(value)}
        onChange={(event) => onChange(event.target.value === ALL_TIME ? null : Number(event.target.value))}
      >
        <option value={ALL_TIME}>All time</option>
        {seasons.map((season) => (
          <option key={season.id} value={season.id}>
            {season.current ? `Current: ${season.name}` : season.name}
          </option>
        ))}
        {/* A ?season= the list does not hold (a bad link): named, so the select matches the board. */}
        {value != null && !selected && <option value={value}>{`Season #${value} (not found)`}</option>}
      </select>
      {selected && !selected.current && (
        <p className="muted season-note">Final standings: a match of this season voided later does not change them.</p>
      )}
    </div>
  );
}
