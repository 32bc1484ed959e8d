import type { RecordMatchPlayer, SubmissionStatusAnswer } from '@team/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Panel } from '@/components/ui/Panel';
import { ScreenHeader } from '@/components/ui/ScreenHeader';
import { ShimmerLines } from '@/components/ui/Shimmer';
import { Tag } from '@/components/ui/Tag';
import type { ApiRequestError } from '@/lib/api';
import { matchPath } from '@/lib/paths';
import { useGetSubmissionQuery } from '../../api/get-submission';
import { TEAM_LABELS } from '../../team-labels';
import './submission-status.css';
import { useDateFormat } from '@/lib/date-format';

/** While pending, the page looks again this often: a moderator may decide any time. */
const PENDING_POLL_MS = 15_000;

const STATUS_TAG: Record<SubmissionStatusAnswer['status'], { tone: 'gold' | 'success' | 'error'; label: string }> = {
  pending: { tone: 'gold', label: 'Pending review' },
  approved: { tone: 'success', label: 'Approved' },
  rejected: { tone: 'error', label: 'Rejected' },
};

function Decision({ submission }: { submission: SubmissionStatusAnswer }) {
  const dates = useDateFormat();
  if (submission.status === 'pending') {
    return <p>A moderator has not reviewed this match yet. It changes no rating until it is approved.</p>;
  }
  if (submission.status === 'approved') {
    return (
      <p>
        Approved {submission.decidedAt && <span className="muted">({dates.dateTime(submission.decidedAt)})</span>}: the match is recorded.{' '}
        {submission.matchId !== null && <Link to={matchPath(submission.matchId)}>View match #{submission.matchId}</Link>}
      </p>
    );
  }
  return (
    <p>
      Rejected {submission.decidedAt && <span className="muted">({dates.dateTime(submission.decidedAt)})</span>}. Reason: <strong>{submission.reason}</strong>
    </p>
  );
}

function TeamList({ team, players, winner }: { team: 'team1' | 'team2'; players: readonly RecordMatchPlayer[]; winner: boolean }) {
  return (
    <Panel title={`${TEAM_LABELS[team]}${winner ? ' (winner)' : ''}`} className="submission-team">
      <ul>
        {players.map((player) => (
          <li key={player.discordId}>
            {player.username} <span className="muted">({player.discordId})</span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

/** /tracker/submissions/:id: the status of a match submitted for review, as its link after submitting shows it. */
export function SubmissionStatusScreen({ submissionId, notFound }: { submissionId: string; notFound: ReactNode }) {
  const dates = useDateFormat();
  const { data, error, isLoading } = useGetSubmissionQuery(submissionId, { pollingInterval: PENDING_POLL_MS, skipPollingIfUnfocused: true });
  const status = (error as ApiRequestError | undefined)?.status;
  if (status === 404 || status === 400) return <>{notFound}</>;
  const title = 'Submitted Match';
  if (isLoading || !data) {
    return (
      <>
        <ScreenHeader title={title} />
        {error ? <p role="alert">The submission could not be loaded. {(error as ApiRequestError).message}</p> : <ShimmerLines lines={4} />}
      </>
    );
  }
  const tag = STATUS_TAG[data.status];
  return (
    <>
      <ScreenHeader title={title} subtitle={`Submitted ${dates.dateTime(data.submittedAt)}`} extra={<Tag tone={tag.tone}>{tag.label}</Tag>} />
      <Panel className="submission-decision" aria-label="Review status">
        <Decision submission={data} />
      </Panel>
      <div className="submission-teams">
        <TeamList team="team1" players={data.match.team1} winner={data.match.winningTeam === 'team1'} />
        <TeamList team="team2" players={data.match.team2} winner={data.match.winningTeam === 'team2'} />
      </div>
    </>
  );
}
