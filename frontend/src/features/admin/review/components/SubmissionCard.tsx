import { Button, Card, Tag } from 'antd';
import { findMode, MODES, nameCompareKey, TEAMS, type Submission } from '@team/contracts';
import { Link } from 'react-router-dom';
import { matchPath, submissionPath } from '@/lib/paths';
import { useDateFormat } from '@/lib/date-format';
import { duplicateNames } from '../row-warnings';
import { SubmittedPlayerRow } from './SubmittedPlayerRow';

const TEAM_LABEL = { team1: 'Team 1', team2: 'Team 2' } as const;

export interface SubmissionCardProps {
  submission: Submission;
  busy: boolean;
  onApprove: (submission: Submission) => void;
  onReject: (submission: Submission) => void;
}

/** One submitted match: its teams with the form's warnings, and the moderator's decision. */
export function SubmissionCard({ submission, busy, onApprove, onReject }: SubmissionCardProps) {
  const dates = useDateFormat();
  const { match } = submission;
  const mode = findMode(MODES, match.modeId ?? null);
  const twice = duplicateNames(match);
  const score = match.team1Score != null && match.team2Score != null ? ` · ${match.team1Score}–${match.team2Score}` : '';
  return (
    <Card
      size="small"
      role="region"
      aria-label={`Submission ${submission.id}`}
      title={`${TEAM_LABEL[match.winningTeam]} won${score}`}
      extra={<span className="muted">Submitted {dates.dateTimeSeconds(submission.submittedAt)}</span>}
    >
      <p className="review-facts">
        <Tag>{mode?.name ?? 'No mode (overall ELO)'}</Tag>
        {match.map && <Tag>Map: {match.map}</Tag>}
        <Link to={submissionPath(submission.id)}>Status page</Link>
      </p>
      <div className="review-teams">
        {TEAMS.map((team) => (
          <section key={team} aria-label={TEAM_LABEL[team]}>
            <h3 className="review-team-title">
              {TEAM_LABEL[team]}
              {match.winningTeam === team && ' (winner)'}
            </h3>
            <ul className="review-players">
              {match[team].map((player) => (
                <SubmittedPlayerRow key={player.discordId} player={player} duplicateName={twice.has(nameCompareKey(player.username))} />
              ))}
            </ul>
          </section>
        ))}
      </div>
      {submission.status === 'pending' ? (
        <div className="review-actions">
          <Button type="primary" onClick={() => onApprove(submission)} disabled={busy}>
            Approve
          </Button>
          <Button danger onClick={() => onReject(submission)} disabled={busy}>
            Reject
          </Button>
        </div>
      ) : submission.status === 'approved' ? (
        <p>
          Approved by {submission.decidedBy} {submission.matchId !== null && <Link to={matchPath(submission.matchId)}>Match #{submission.matchId}</Link>}
        </p>
      ) : (
        <p>
          Rejected by {submission.decidedBy}: {submission.reason}
        </p>
      )}
    </Card>
  );
}
