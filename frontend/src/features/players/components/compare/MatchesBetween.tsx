import type { MatchBetween, MatchBetweenSide, PlayerComparison } from '@team/contracts';
import { Link } from 'react-router-dom';
import { ratingName } from '@/lib/rating-name';
import { EloChange } from '@/components/ui/EloChange';
import { useDateFormat } from '@/lib/date-format';

function teamScore(match: MatchBetween, side: MatchBetweenSide): number | null {
  return side.team === 'team1' ? match.team1Score : match.team2Score;
}

/** The two players' matches against each other, newest first, each linking to its match page. */
export function MatchesBetween({ comparison }: { comparison: PlayerComparison }) {
  const dates = useDateFormat();
  const { a, b } = { a: comparison.a.player, b: comparison.b.player };
  if (comparison.matches.length === 0) {
    return <p className="muted">{`${a.username} and ${b.username} have not played against each other yet.`}</p>;
  }
  return (
    <ul className="compare-matches" aria-label="Matches against each other">
      {comparison.matches.map((match) => {
        const [scoreA, scoreB] = [teamScore(match, match.a), teamScore(match, match.b)];
        const winner = match.winnerId === a.id ? a : b;
        // The rating the match moved: its mode's, or the overall one.
        const rating = ratingName(match.mode);
        return (
          <li key={match.matchId} className="compare-match" data-testid="compare-match">
            <div className="compare-match-header">
              <Link to={`/tracker/matches/${match.matchId}`}>Match #{match.matchId}</Link>
              <span className="muted">{dates.date(match.createdAt)}</span>
              <span className="muted">{match.mode?.name ?? 'Overall'}</span>
              {scoreA != null && scoreB != null && <span>{`${scoreA} - ${scoreB}`}</span>}
            </div>
            <div className="compare-match-body">
              <span>
                Winner: <strong>{winner.username}</strong>
              </span>
              <span>
                {a.username}: <EloChange value={match.a.ratingChange} /> <span className="muted">{rating}</span>
              </span>
              <span>
                {b.username}: <EloChange value={match.b.ratingChange} /> <span className="muted">{rating}</span>
              </span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
