import { kdRatio, type PlayerMatchRecord } from '@team/contracts';
import { ratingName } from '@/lib/rating-name';
import { formatInteger, formatRatio, formatRecord, formatWinRate } from '@/utils/format';
import './player-seasons.css';

interface ModeLine {
  key: string;
  rating: string;
  /** The rating after the newest match of the pool (the history is newest first); null when not known. */
  elo: number | null;
  wins: number;
  losses: number;
  kills: number;
  deaths: number;
}

/** One line per rating pool the player has matches in: each mode's, and the overall one (matches without a mode). */
export function modeLines(records: readonly PlayerMatchRecord[]): ModeLine[] {
  const lines = new Map<string, ModeLine>();
  for (const record of records) {
    const mode = record.match.mode;
    const key = mode ? String(mode.id) : 'overall';
    const line = lines.get(key) ?? { key, rating: ratingName(mode), elo: record.eloAfter, wins: 0, losses: 0, kills: 0, deaths: 0 };
    lines.set(key, line);
    if (record.won) line.wins++;
    else line.losses++;
    line.kills += record.kills ?? 0;
    line.deaths += record.deaths ?? 0;
  }
  return [...lines.values()];
}

/**
 * The profile's By mode: the rating, record, win rate, K/D and matches of each pool apart, as
 * each mode's board shows them. The profile's headline figures count every match, while its
 * ELO Rating is the overall pool's (matches recorded without a mode) only.
 */
export function PlayerModeLines({ records }: { records: readonly PlayerMatchRecord[] | undefined }) {
  const lines = modeLines(records ?? []);
  if (lines.length === 0) return null;
  return (
    <section className="player-seasons" aria-labelledby="player-modes-title">
      <h3 id="player-modes-title">By mode</h3>
      <div className="player-seasons-scroll" role="group" aria-label="By mode table" tabIndex={0}>
        <table className="player-seasons-table">
          <thead>
            <tr>
              <th scope="col">Rating</th>
              <th scope="col">ELO</th>
              <th scope="col">W-L</th>
              <th scope="col">Win Rate</th>
              <th scope="col">K/D</th>
              <th scope="col">Matches</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => {
              const matches = line.wins + line.losses;
              return (
                <tr key={line.key} data-testid="player-mode-line">
                  <th scope="row">{line.rating}</th>
                  <td>{formatInteger(line.elo)}</td>
                  <td>{formatRecord(line.wins, line.losses)}</td>
                  <td>{formatWinRate((line.wins / matches) * 100)}</td>
                  <td>{formatRatio(kdRatio(line.kills, line.deaths))}</td>
                  <td>{formatInteger(matches)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="muted player-seasons-note">
        ELO is the rating after the player&apos;s latest match in that pool. Overall ELO moves on matches recorded without a mode only.
      </p>
    </section>
  );
}
