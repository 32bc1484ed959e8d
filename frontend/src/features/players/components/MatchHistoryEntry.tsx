import { kdRatio, MODE_STAT_SHORT_LABELS, type ModeStatKey, type PlayerMatchRecord, type TeamId } from '@team/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { matchPath } from '@/lib/paths';
import { ratingName } from '@/lib/rating-name';
import { formatInteger, formatRatio, MISSING } from '@/utils/format';
import { EloChange } from '@/components/ui/EloChange';
import { Tag } from '@/components/ui/Tag';
import { useDateFormat } from '@/lib/date-format';

const TEAM_LABELS: Record<TeamId, string> = { team1: 'Team 1', team2: 'Team 2' };

function show(value: number | null | undefined): string {
  return value == null ? MISSING : String(value);
}

function usernames(players: { id: number; username: string }[]): string {
  return players.length > 0 ? players.map((player) => player.username).join(', ') : MISSING;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <span className="history-field">
      <span className="muted">{label}:</span> <strong>{children}</strong>
    </span>
  );
}

function FinalScore({ record }: { record: PlayerMatchRecord }) {
  const { team1Score, team2Score, winningTeam } = record.match;
  if (team1Score == null || team2Score == null) return null;
  const team = (id: TeamId, score: number) => (
    <span className={id === winningTeam ? 'final-score-team winner' : 'final-score-team'} data-winner={id === winningTeam}>
      {TEAM_LABELS[id]} {score}
    </span>
  );
  return (
    <div className="final-score">
      <span className="muted">Final Score</span> {team('team1', team1Score)} <span className="muted">vs</span>{' '}
      {team('team2', team2Score)}
    </div>
  );
}

const MODE_STAT_KEYS: ModeStatKey[] = ['hardpointTime', 'captures', 'plantsDefuses'];

/** Per-match K/D and the mode stats, shown on the Players screen's profile dialog. */
function MatchDetails({ record }: { record: PlayerMatchRecord }) {
  const kd = record.kills != null && record.deaths != null ? formatRatio(kdRatio(record.kills, record.deaths)) : MISSING;
  return (
    <>
      <Field label="K/D">{kd}</Field>
      {MODE_STAT_KEYS.filter((key) => record[key] != null).map((key) => (
        <Field key={key} label={MODE_STAT_SHORT_LABELS[key]}>
          {key === 'hardpointTime' ? `${record[key]}s` : record[key]}
        </Field>
      ))}
    </>
  );
}

export interface MatchHistoryEntryProps {
  record: PlayerMatchRecord;
  /** Adds per-match K/D and mode stats (Players screen). */
  showMatchDetails?: boolean;
  /** An extra control in the header (the admin's Void match). */
  action?: ReactNode;
}

export function MatchHistoryEntry({ record, showMatchDetails = false, action }: MatchHistoryEntryProps) {
  const dates = useDateFormat();
  return (
    <li className={record.won ? 'history-entry won' : 'history-entry lost'} data-testid="match-history-entry">
      <div className="history-entry-header">
        <Tag tone={record.won ? 'success' : 'error'}>{record.won ? 'Win' : 'Loss'}</Tag>
        {record.match.mode && <span className="history-mode">{record.match.mode.name}</span>}
        <span className="muted">{dates.date(record.match.createdAt)}</span>
        <Link to={matchPath(record.match.id)} className="history-match-link">
          Match #{record.match.id}
        </Link>
        <span className="history-entry-change">
          <EloChange value={record.eloChange} />
        </span>
        {action}
      </div>
      <FinalScore record={record} />
      <div className="history-fields">
        <Field label="K/D/A">{`${show(record.kills)}/${show(record.deaths)}/${show(record.assists)}`}</Field>
        <Field label="Score">{show(record.score)}</Field>
        {/* The rating the match moved: its mode's, or the overall one. */}
        <Field label={`${ratingName(record.match.mode)} After`}>{formatInteger(record.eloAfter)}</Field>
        <Field label="Team">{TEAM_LABELS[record.team]}</Field>
        {showMatchDetails && <MatchDetails record={record} />}
      </div>
      <div className="history-people">
        <div>
          <span className="muted">Teammates:</span> {usernames(record.teammates)}
        </div>
        <div>
          <span className="muted">Opponents:</span> {usernames(record.opponents)}
        </div>
      </div>
    </li>
  );
}
