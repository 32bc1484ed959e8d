import {
  computeEloChanges,
  ELO_K,
  PERFORMANCE_WEIGHT,
  PROVISIONAL_MATCHES,
  START_RATING,
  TIERS,
  VENGEFUL_MAX_RANK,
  VENGEFUL_TIER,
  type EloMatchInput,
} from '@team/contracts';
import { Panel } from '@/components/ui/Panel';
import { formatSigned } from '@/utils/format';
import './how-ratings-work.css';

/** The worked example of the rating rule: a 2v2 Hardpoint match won 250–180 (score limit 250). */
const EXAMPLE: EloMatchInput = {
  winningTeam: 'team1',
  team1Score: 250,
  team2Score: 180,
  scoreLimit: 250,
  statsUsed: true,
  participants: [
    { key: 'Ace', team: 'team1', rating: 1100, kills: 28, deaths: 15, assists: 5, score: 3200, modeStat: 95 },
    { key: 'Blaze', team: 'team1', rating: 1000, kills: 18, deaths: 18, assists: 9, score: 2400, modeStat: 60 },
    { key: 'Cobra', team: 'team2', rating: 1050, kills: 22, deaths: 20, assists: 4, score: 2800, modeStat: 45 },
    { key: 'Drift', team: 'team2', rating: 1150, kills: 12, deaths: 24, assists: 6, score: 1600, modeStat: 30 },
  ],
};

const bandOf = (min: number, max: number | null) => (max === null ? `${min} and up` : `${min}–${max}`);

/**
 * The public "How ratings work" page: tiers, provisional players, modes, seasons and the
 * 70/30 formula, with a worked example whose changes are computed by the ladder's own rule,
 * so the page cannot drift from what the ladder does.
 */
export function HowRatingsWork() {
  const changes = computeEloChanges(EXAMPLE);
  const winShare = Math.round((1 - PERFORMANCE_WEIGHT) * 100);
  const performanceShare = Math.round(PERFORMANCE_WEIGHT * 100);
  return (
    <div className="how-ratings">
      <Panel title="Pools: Overall and each mode">
        <p>
          Every player starts at {START_RATING} in every pool. A match recorded without a mode moves everyone&apos;s <strong>Overall ELO</strong>. A match
          in a mode (Hardpoint, Control, Search and Destroy) moves only that mode&apos;s ELO, so a Hardpoint win leaves the Overall ELO where it was.
        </p>
        <p>
          The Overall board and a profile&apos;s headline figures (W/L, K/D, matches) count every match. A mode&apos;s board shows that mode&apos;s
          numbers only: its ELO, record, K/D, averages, matches and tier.
        </p>
      </Panel>

      <Panel title="The formula: 70% result, 30% performance">
        <p>For each match, in its pool:</p>
        <ol>
          <li>Each team&apos;s rating is the average of its players&apos; ratings.</li>
          <li>
            The expected score of a team is E = 1 / (1 + 10^((R<sub>other</sub> − R<sub>own</sub>) / 400)): a team 400 points stronger is expected to win 10
            times out of 11.
          </li>
          <li>The result S is 1 for the winners and 0 for the losers; S − E is how much the result surprised the model.</li>
          <li>
            When both team scores are given and the mode has a score limit, the margin scales the swing from 0.75 (a last-second win) to 1.25 (a
            shutout).
          </li>
          <li>
            When every player has kills and deaths, each player&apos;s KDA, score and mode stat are compared with the match&apos;s average. That gives a
            performance p between −1 and 1 (0 for an average game).
          </li>
          <li>
            change = round({ELO_K} × margin × (S − E) × (1 + {PERFORMANCE_WEIGHT} × p × sign(S − E))). The result sets at least {winShare}% of the swing and
            performance moves up to {performanceShare}%, so a winner always gains (at least 1) and a loser always loses (at least 1). A rating never goes below
            0.
          </li>
        </ol>
      </Panel>

      <Panel title="Worked example">
        <p>
          A 2v2 Hardpoint match (score limit 250), won by Team 1 <strong>250–180</strong>. Team 1 averages 1050 and Team 2 1100, so Team 1 was the slight
          underdog (expected score 0.43). The margin factor is 0.75 + 0.5 × 70 / 250 = 0.89.
        </p>
        <div className="how-ratings-scroll" role="group" aria-label="Worked example table" tabIndex={0}>
          <table className="how-ratings-table">
            <thead>
              <tr>
                <th scope="col">Player</th>
                <th scope="col">Team</th>
                <th scope="col">K/D/A</th>
                <th scope="col">Score</th>
                <th scope="col">HP Time</th>
                <th scope="col">ELO Before</th>
                <th scope="col">Change</th>
                <th scope="col">ELO After</th>
              </tr>
            </thead>
            <tbody>
              {EXAMPLE.participants.map((p, i) => (
                <tr key={p.key} data-testid="example-line">
                  <th scope="row">{p.key}</th>
                  <td>{p.team === 'team1' ? 'Team 1' : 'Team 2'}</td>
                  <td>
                    {p.kills}/{p.deaths}/{p.assists}
                  </td>
                  <td>{p.score}</td>
                  <td>{p.modeStat}s</td>
                  <td>{changes[i]!.ratingBefore}</td>
                  <td>{formatSigned(changes[i]!.ratingChange)}</td>
                  <td>{changes[i]!.ratingAfter}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>
          Without stats every change would be ±16. Ace carried the win and gains 3 more; Blaze played an average game and gets the plain 16. Drift had the
          weakest game and loses 18.
        </p>
      </Panel>

      <Panel title="Tiers">
        <p>A tier comes from a player&apos;s ELO in the board&apos;s pool, except the top {VENGEFUL_MAX_RANK}:</p>
        <ul className="how-ratings-tiers">
          <li>
            <strong>{VENGEFUL_TIER.name}</strong>: rank {VENGEFUL_MAX_RANK} or better on the board, whatever the ELO.
          </li>
          {[...TIERS].reverse().map((tier) => (
            <li key={tier.name}>
              <strong>{tier.name}</strong>: {bandOf(tier.min, tier.max)}
            </li>
          ))}
        </ul>
        <p>The top three get gold, silver and bronze medals.</p>
      </Panel>

      <Panel title="Provisional players">
        <p>
          A player with fewer than {PROVISIONAL_MATCHES} matches on a board is marked <strong>Provisional</strong>: after a few matches a rating still mostly
          shows the {START_RATING} everyone starts at. The mark is all it means; a provisional rating ranks and moves like any other.
        </p>
      </Panel>

      <Panel title="Seasons">
        <p>
          A new season ends the current one at that moment: its final standings are frozen, and its board keeps them. An admin may start the new season with a
          soft reset, which moves every rating (Overall and each mode) part of the way back toward {START_RATING}. A season&apos;s board counts the matches
          played in it.
        </p>
      </Panel>
    </div>
  );
}
