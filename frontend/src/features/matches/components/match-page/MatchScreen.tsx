import type { ReactNode } from 'react';
import { MatchPageVoid } from '@/components/corrections/MatchPageVoid';
import { CopyLinkButton } from '@/components/ui/CopyLinkButton';
import { ScreenHeader } from '@/components/ui/ScreenHeader';
import { ShimmerLines } from '@/components/ui/Shimmer';
import type { ApiRequestError } from '@/lib/api';
import { matchPath } from '@/lib/paths';
import { useGetMatchQuery } from '../../api/get-match';
import { TEAM_LABELS } from '../../team-labels';
import { MatchTeamTable } from './MatchTeamTable';
import './match-page.css';
import { useDateFormat } from '@/lib/date-format';

function FinalScore({ team1, team2 }: { team1: number | null; team2: number | null }) {
  if (team1 == null || team2 == null) return null;
  return (
    <p className="match-final-score">
      Final Score <strong>{team1}</strong> <span className="muted">vs</span> <strong>{team2}</strong>
    </p>
  );
}

/**
 * A match's page: when and in which mode it was played, the final score, both teams with
 * each player's stats and rating change, the winner, and, once voided, the reason.
 * `notFound` is what an unknown match shows (the tracker's not-found screen).
 */
export function MatchScreen({ matchId, notFound }: { matchId: number; notFound: ReactNode }) {
  const dates = useDateFormat();
  const { data: match, error, isLoading } = useGetMatchQuery(matchId);
  if ((error as ApiRequestError | undefined)?.status === 404) return <>{notFound}</>;
  const title = `Match #${matchId}`;
  if (isLoading || !match) {
    return (
      <>
        <ScreenHeader title={title} />
        {error ? <p role="alert">The match could not be loaded. {(error as ApiRequestError).message}</p> : <ShimmerLines lines={6} />}
      </>
    );
  }
  // The map beside the mode, only when the match named one (matches from before maps never did).
  const where = match.map ? `${match.mode?.name ?? 'Overall'} · Map: ${match.map}` : (match.mode?.name ?? 'Overall');
  const subtitle = `${where} · ${dates.dateTime(match.createdAt)} · ${TEAM_LABELS[match.winningTeam]} won`;
  return (
    <>
      <ScreenHeader
        title={title}
        subtitle={subtitle}
        extra={
          <div className="match-actions">
            <CopyLinkButton path={matchPath(matchId)} />
            <MatchPageVoid matchId={matchId} voided={Boolean(match.voided)} />
          </div>
        }
      />
      {match.voided && (
        <div className="match-voided" role="note" aria-label="Voided match">
          <span className="match-voided-badge">Voided</span>
          <span>
            {match.voided.reason} <span className="muted">({dates.dateTime(match.voided.at)})</span>
          </span>
          <p className="match-voided-note">This match no longer counts: its rating changes were given back and it is left out of every total.</p>
        </div>
      )}
      <FinalScore team1={match.team1Score} team2={match.team2Score} />
      {!match.statsUsed && <p className="muted">K/D stats did not count in this match&apos;s rating changes.</p>}
      <div className="match-teams">
        <MatchTeamTable match={match} team="team1" />
        <MatchTeamTable match={match} team="team2" />
      </div>
    </>
  );
}
