import type { PlayerSeason } from '@team/contracts';
import { Tag } from '@/components/ui/Tag';
import { formatInteger, formatRatio, formatRecord } from '@/utils/format';
import { useGetPlayerSeasonsQuery } from '../api/get-seasons';
import './player-seasons.css';

function SeasonRow({ line }: { line: PlayerSeason }) {
  const { season } = line;
  return (
    <tr data-testid="player-season" data-season={season.id}>
      <th scope="row">
        <span className="player-season-label">
          <span className="player-season-name">{season.name}</span>
          {season.current && <Tag tone="success">Current</Tag>}
        </span>
      </th>
      <td>{formatInteger(line.finalElo)}</td>
      <td>{formatInteger(line.peakElo)}</td>
      <td>
        <span aria-hidden>{formatRecord(line.wins, line.losses)}</span>
        <span className="sr-only">{`${line.wins} wins, ${line.losses} losses`}</span>
      </td>
      <td>{formatInteger(line.matches)}</td>
      <td>{formatRatio(line.kdRatio)}</td>
      <td>{formatInteger(line.avgScore)}</td>
      <td>#{line.rank}</td>
    </tr>
  );
}

/**
 * The profile's Seasons: per season played, the rating at its end (now, for the current
 * season), the peak, the record, matches, K/D, average score and the rank on that season's
 * board. A player with no season line (or whose lines could not be read) has no section at
 * all. On a phone the table scrolls sideways under a cue that says so, the season name staying
 * put in the first column.
 */
export function PlayerSeasonsSection({ playerId }: { playerId: number }) {
  const { data } = useGetPlayerSeasonsQuery(playerId);
  if (!data || data.length === 0) return null;
  return (
    <section className="player-seasons" aria-labelledby="player-seasons-title">
      <h3 id="player-seasons-title">Seasons</h3>
      <p className="player-seasons-cue muted" aria-hidden>
        Swipe the table sideways for matches, K/D, average score and rank →
      </p>
      {/* Focusable, so a keyboard can scroll the columns a narrow screen hides. */}
      <div className="player-seasons-scroll" role="group" aria-label="Seasons table" tabIndex={0}>
        <table className="player-seasons-table">
          <thead>
            <tr>
              <th scope="col">Season</th>
              <th scope="col">ELO</th>
              <th scope="col">Peak</th>
              <th scope="col">W-L</th>
              <th scope="col">Matches</th>
              <th scope="col">K/D</th>
              <th scope="col">Avg Score</th>
              <th scope="col">Rank</th>
            </tr>
          </thead>
          <tbody>
            {data.map((line) => (
              <SeasonRow key={line.season.id} line={line} />
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted player-seasons-note">
        ELO is the rating at the season&apos;s end, or now for the current season.
        {data.some((line) => !line.season.current) &&
          ' A match voided after a season closed does not change its final standings (the audit log shows the void).'}
      </p>
    </section>
  );
}
