import { MODE_STAT_SHORT_LABELS, modeStatKey, type MatchPage, type MatchPageLine, type TeamId } from '@team/contracts';
import { Link } from 'react-router-dom';
import { EloChange } from '@/components/ui/EloChange';
import { Panel } from '@/components/ui/Panel';
import { Tag } from '@/components/ui/Tag';
import { TrophyFilled } from '@/components/ui/icons/TrophyFilled';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { PlayerName } from '@/lib/player-name';
import { nameSuffixes } from '@/lib/player-names';
import { ratingName } from '@/lib/rating-name';
import { formatInteger, MISSING } from '@/utils/format';
import { TEAM_LABELS } from '../../team-labels';
import './match-table-phone.css';

const show = (value: number | null) => (value == null ? MISSING : String(value));
const accountOf = (line: MatchPageLine) => ({ id: line.playerId, username: line.username, discordId: line.discordId });

/**
 * A line recorded without stats: no kills or deaths, and the form's 0 left in assists and
 * score. Its figures are dashes, not "-/-/0" and a score of 0 nobody entered.
 */
const withoutStats = (line: MatchPageLine) => line.kills == null && line.deaths == null && !line.assists && !line.score;

/** A line's figures as the page shows them, in the table's column order. */
function figures(line: MatchPageLine, statKey: ReturnType<typeof modeStatKey>) {
  const none = withoutStats(line);
  return {
    kda: none ? MISSING : `${show(line.kills)}/${show(line.deaths)}/${show(line.assists)}`,
    score: none ? MISSING : show(line.score),
    modeStat: statKey ? show(line[statKey]) : null,
  };
}

/** One side of a match: its players' stats and rating changes, the winner marked. */
export function MatchTeamTable({ match, team }: { match: MatchPage; team: TeamId }) {
  const won = match.winningTeam === team;
  const score = team === 'team1' ? match.team1Score : match.team2Score;
  const statKey = modeStatKey(match.mode?.name);
  const lines: MatchPageLine[] = match.teams[team];
  // The rating the match moved: its mode's, or the overall one (a mode match leaves that alone).
  const rating = ratingName(match.mode);
  // Same-named players are told apart across both teams.
  const suffixes = nameSuffixes([...match.teams.team1, ...match.teams.team2].map(accountOf));
  const isMobile = useIsMobile();
  const title = (
    <span className="match-team-title">
      {TEAM_LABELS[team]}
      {score != null && <span className="match-team-score">{score}</span>}
      {won && (
        <Tag tone="success" icon={<TrophyFilled />}>
          Winner
        </Tag>
      )}
    </span>
  );
  return (
    <Panel title={title} className={won ? 'match-team winner' : 'match-team'} aria-label={`${TEAM_LABELS[team]}${won ? ', winner' : ''}`}>
      {isMobile ? (
        // A phone gets a card per player, as the leaderboard does: seven columns do not fit.
        <ol className="match-cards" aria-label={`${TEAM_LABELS[team]} players`}>
          {lines.map((line, index) => {
            const shown = figures(line, statKey);
            return (
              <li key={index} className="match-card" data-testid="match-card">
                <div className="match-card-player">
                  <Link to={`/tracker/players?playerId=${line.playerId}`}>
                    <PlayerName player={accountOf(line)} suffixes={suffixes} />
                  </Link>
                  {line.recordedAs !== line.username && <span className="match-line-recorded-as"> (recorded as {line.recordedAs})</span>}
                </div>
                <span className="match-card-change">
                  <EloChange value={line.ratingChange} />
                </span>
                <dl className="match-card-figures">
                  <div>
                    <dt>K/D/A</dt>
                    <dd>{shown.kda}</dd>
                  </div>
                  <div>
                    <dt>Score</dt>
                    <dd>{shown.score}</dd>
                  </div>
                  {statKey && (
                    <div>
                      <dt>{MODE_STAT_SHORT_LABELS[statKey]}</dt>
                      <dd>{shown.modeStat}</dd>
                    </div>
                  )}
                  <div>
                    <dt>{`${rating} Before`}</dt>
                    <dd>{formatInteger(line.ratingBefore)}</dd>
                  </div>
                  <div>
                    <dt>{`${rating} After`}</dt>
                    <dd>{formatInteger(line.ratingAfter)}</dd>
                  </div>
                </dl>
              </li>
            );
          })}
        </ol>
      ) : (
        <div className="match-table-scroll">
          <table className="match-table">
            <thead>
              <tr>
                <th scope="col">Player</th>
                <th scope="col">K/D/A</th>
                <th scope="col">Score</th>
                {statKey && <th scope="col">{MODE_STAT_SHORT_LABELS[statKey]}</th>}
                <th scope="col">{`${rating} Before`}</th>
                <th scope="col">Change</th>
                <th scope="col">{`${rating} After`}</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line, index) => (
                // Two lines can name one account: both voided, their accounts merged since.
                <tr key={index}>
                  <th scope="row">
                    <Link to={`/tracker/players?playerId=${line.playerId}`}>
                      <PlayerName player={accountOf(line)} suffixes={suffixes} />
                    </Link>
                    {line.recordedAs !== line.username && <span className="match-line-recorded-as"> (recorded as {line.recordedAs})</span>}
                  </th>
                  <td>{figures(line, statKey).kda}</td>
                  <td>{figures(line, statKey).score}</td>
                  {statKey && <td>{figures(line, statKey).modeStat}</td>}
                  <td>{formatInteger(line.ratingBefore)}</td>
                  <td>
                    <EloChange value={line.ratingChange} />
                  </td>
                  <td>{formatInteger(line.ratingAfter)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}
