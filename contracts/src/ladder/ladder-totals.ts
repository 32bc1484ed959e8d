// The totals arithmetic of the ladder, in one place: the backend's state, the players read
// model and the corrections' events all count a participant line the same way.

/** The sums the players read model keeps per account (matches aside: they count history entries). */
export interface StatTotals {
  wins: number;
  losses: number;
  kills: number;
  deaths: number;
  assists: number;
  score: number;
}

/** Totals a correction moves between accounts or removes: what the players read model sums. */
export interface LadderTotals extends StatTotals {
  matches: number;
}

/** What a participant line counts in totals: the fields of a recorded or voided line it reads. */
export interface TotalsLine {
  won: boolean;
  kills: number | null;
  deaths: number | null;
  assists: number;
  score: number;
}

export const zeroTotals = (): StatTotals => ({ wins: 0, losses: 0, kills: 0, deaths: 0, assists: 0, score: 0 });

/** What one participant line adds to its owner's totals (a blank K/D, a match without stats, counts 0). */
export function lineTotals(line: TotalsLine): StatTotals {
  return {
    wins: line.won ? 1 : 0,
    losses: line.won ? 0 : 1,
    kills: line.kills ?? 0,
    deaths: line.deaths ?? 0,
    assists: line.assists,
    score: line.score,
  };
}

/** Adds `delta` to `target` in place (sign −1: takes it off, as a void or an unmerge does). */
export function addTotals(target: StatTotals, delta: StatTotals, sign: 1 | -1 = 1): void {
  target.wins += sign * delta.wins;
  target.losses += sign * delta.losses;
  target.kills += sign * delta.kills;
  target.deaths += sign * delta.deaths;
  target.assists += sign * delta.assists;
  target.score += sign * delta.score;
}
