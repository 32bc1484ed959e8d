import { EmptyState } from '@/components/ui/EmptyState';
import { Panel } from '@/components/ui/Panel';
import { ShimmerLines } from '@/components/ui/Shimmer';
import { Tag } from '@/components/ui/Tag';
import type { Match, TeamId } from '@team/contracts';
import { Link } from 'react-router-dom';
import { matchPath } from '@/lib/paths';
import { OVERALL_ELO_NOTE } from '@/lib/rating-name';
import { useGetRecentMatchesQuery } from '../api/get-recent-matches';
import { TEAM_LABELS } from '../team-labels';
import { useDateFormat } from '@/lib/date-format';

/** docs/product.md#constants-and-limits: the dashboard shows five recent matches. */
export const DASHBOARD_RECENT_MATCHES = 5;

function TeamLine({ match, team }: { match: Match; team: TeamId }) {
  const names = match.participants.filter((p) => p.team === team).map((p) => p.player.username);
  const won = match.winningTeam === team;
  const score = team === 'team1' ? match.team1Score : match.team2Score;
  return (
    <div className={won ? 'recent-match-team winner' : 'recent-match-team'}>
      <span className="recent-match-team-label">
        {TEAM_LABELS[team]}
        {match.team1Score != null && match.team2Score != null && <strong> {score}</strong>}
        {won && <Tag tone="success">Winner</Tag>}
      </span>
      <span className="muted">{names.join(', ') || '-'}</span>
    </div>
  );
}

export function RecentMatchesCard() {
  const dates = useDateFormat();
  const { data: matches = [], isLoading } = useGetRecentMatchesQuery();
  const recent = matches.slice(0, DASHBOARD_RECENT_MATCHES);
  return (
    <Panel title="Recent Matches" className="dashboard-card">
      {isLoading ? (
        <ShimmerLines lines={5} />
      ) : recent.length === 0 ? (
        <EmptyState description="No matches yet" />
      ) : (
        <>
          <p className="muted recent-matches-note">Newest first, by when each match was played.</p>
          <ul className="recent-matches">
            {recent.map((match) => (
              <li key={match.id} className="recent-match">
                <div className="recent-match-meta">
                  <Link to={matchPath(match.id)} className="recent-match-link">
                    {match.mode?.name ?? 'No mode'}
                    <span className="sr-only"> match #{match.id}</span>
                  </Link>
                  {!match.mode && (
                    <span className="muted recent-match-pool" title={OVERALL_ELO_NOTE}>
                      Overall ELO
                    </span>
                  )}
                  <span className="muted">{dates.dateTime(match.createdAt)}</span>
                </div>
                <TeamLine match={match} team="team1" />
                <TeamLine match={match} team="team2" />
              </li>
            ))}
          </ul>
        </>
      )}
    </Panel>
  );
}
