import {
  checkRecordMatchForm,
  findMode,
  MODE_STAT_LABELS,
  RECORD_MATCH_FAILURE,
  RECORD_MATCH_SUCCESS,
  TEAMS,
  type ModeName,
  type RecordMatchRequest,
  type RuleViolation,
} from '@team/contracts';
import { lazy, Suspense, useEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { serverErrorMessage } from '@/lib/api';
import { Panel } from '@/components/ui/Panel';
import { PlainButton } from '@/components/ui/PlainButton';
import { useToast } from '@/components/ui/toast';
import { preloadToasts } from '@/components/ui/ToastProvider';
import { randomUuid } from '@/utils/uuid';
import { useGetModesQuery } from '../../api/get-modes';
import { isSubmission, useRecordMatchMutation } from '../../api/record-match';
import { GameModeCard } from './GameModeCard';
import { MapInput } from './MapInput';
import { MatchRecordedDescription } from './MatchRecordedDescription';
import { SubmissionSentDescription } from './SubmissionSentDescription';
import { loadNewIdConfirm } from './load-new-id-confirm';
import { newIdClash, type NewIdClash } from '@/lib/new-id-clash';
import { useLookUpNow } from './player-lookup';
import {
  initialFormState,
  playerRowLabel,
  recordMatchFormReducer,
  rowMarks,
  toRecordMatchRequest,
  type RecordMatchFormState,
} from './record-match-form';
import { TeamCard } from './TeamCard';
import './record-match.css';

const NewIdConfirm = lazy(loadNewIdConfirm);

/** What the form says in review mode (PUBLIC_RECORDING=review), and the toast after a submission. */
export const REVIEW_NOTICE = 'Submissions are reviewed: a moderator approves each match before it changes any rating.';
export const MATCH_SUBMITTED_TITLE = 'Match Submitted';

function modeStatLabel(modeName: string | undefined): string | null {
  if (!modeName) return null;
  const entry = Object.entries(MODE_STAT_LABELS).find(([name]) => name.toLowerCase() === modeName.trim().toLowerCase());
  return entry ? MODE_STAT_LABELS[entry[0] as ModeName] : null;
}

/** The rows a broken rule marks, named as their groups are ("Team 2, player 1"), in the form's order. */
function rowsAtFault(state: RecordMatchFormState, marks: ReadonlyMap<number, unknown>): string[] {
  return TEAMS.flatMap((team) => state[team].flatMap((row, index) => (marks.has(row.rowId) ? [playerRowLabel(team, index)] : [])));
}

/** A refusal's toast: the rule's own words, then the rows to fix. */
function ViolationDescription({ message, rows }: { message: string; rows: readonly string[] }) {
  return (
    <>
      <span className="record-match-toast-line">{message}</span>
      {rows.length > 0 && <span className="record-match-toast-line">{`Check ${rows.join('; ')}.`}</span>}
    </>
  );
}

/** A row flagged before recording: a new Discord ID under a known player's name. */
interface FlaggedRow {
  rowId: number;
  label: string;
  clash: NewIdClash;
}

export interface RecordMatchFormProps {
  /** Send the stored key with the match: this site records matches for recorder keys only. */
  sendAdminKey?: boolean;
  /** A refused key (401, 403): true when it was handled (the visitor is logged out), and no other toast shows. */
  handleKeyRefusal?: (error: unknown) => boolean;
  /** PUBLIC_RECORDING=review: a moderator approves what this form sends before it counts. */
  reviewed?: boolean;
}

export function RecordMatchForm({ sendAdminKey = false, handleKeyRefusal, reviewed = false }: RecordMatchFormProps = {}) {
  const [state, dispatch] = useReducer(recordMatchFormReducer, undefined, initialFormState);
  const { data: modes = [], isLoading: modesLoading } = useGetModesQuery();
  const [recordMatch, { isLoading: recording }] = useRecordMatchMutation();
  const { toast, dismiss } = useToast();
  const navigate = useNavigate();
  const lookUpNow = useLookUpNow();
  const form = useRef<HTMLFormElement>(null);
  /** The docs/product.md#validation rule the last submit broke: its fields stay marked until fixed. */
  const [brokenRule, setBrokenRule] = useState<RuleViolation | null>(null);
  /** A field to focus once the screen is drawn: the first one marked, or the row the confirm sends back to. */
  const [focusTarget, setFocusTarget] = useState<{ selector: string } | null>(null);
  /** Looking every row up before recording (see flaggedRows). */
  const [checking, setChecking] = useState(false);
  const [confirming, setConfirming] = useState<{ request: RecordMatchRequest; rows: FlaggedRow[] } | null>(null);
  const pending = recording || checking;

  // One Idempotency-Key per form state: resubmitting the same state (a double click, a
  // retry after a lost answer) cannot record the match twice; any edit starts a new key.
  const idempotencyKey = useRef<string | null>(null);
  useEffect(() => {
    idempotencyKey.current = null;
  }, [state]);

  useEffect(() => {
    if (focusTarget) form.current?.querySelector<HTMLElement>(focusTarget.selector)?.focus();
  }, [focusTarget]);

  const mode = findMode(modes, state.modeId);
  const statLabel = modeStatLabel(mode?.name);
  const scoreLimit = mode?.scoreLimit ?? null;
  const marks = rowMarks(state, toRecordMatchRequest(state, mode), brokenRule);

  /** Every row with a new Discord ID under a known name, each looked up now (the cache answers the rows already looked up). */
  async function flaggedRows(current: RecordMatchFormState): Promise<FlaggedRow[]> {
    const rows = TEAMS.flatMap((team) => current[team].map((row, index) => ({ row, label: playerRowLabel(team, index) })));
    const checked = await Promise.all(
      rows.map(async ({ row, label }) => {
        const [byDiscordId, byName] = await Promise.all([lookUpNow(row.discordId), lookUpNow(row.username)]);
        const clash = newIdClash(row.discordId, row.username, byDiscordId, byName);
        return clash && { rowId: row.rowId, label, clash };
      }),
    );
    return checked.filter((flagged) => flagged !== null);
  }

  async function record(request: RecordMatchRequest) {
    idempotencyKey.current ??= randomUuid();
    try {
      const answer = await recordMatch({ request, idempotencyKey: idempotencyKey.current, admin: sendAdminKey }).unwrap();
      const open = (path: string) => {
        dismiss();
        void navigate(path);
      };
      if (isSubmission(answer)) {
        toast({ title: MATCH_SUBMITTED_TITLE, description: <SubmissionSentDescription submissionId={answer.submissionId} open={open} /> });
        setBrokenRule(null);
        dispatch({ type: 'reset' });
        return;
      }
      // An answer without a body (a proxy's 201, say) has no match to link to.
      // The form resets as the rules say; the toast offers the series' next game with the same lineup.
      const recorded = state;
      const again = () => {
        dismiss();
        dispatch({ type: 'again', from: recorded });
        setFocusTarget({ selector: '.player-row-stats input' });
      };
      toast({ title: RECORD_MATCH_SUCCESS.title, description: <MatchRecordedDescription matchId={answer?.matchId} open={open} again={again} /> });
      setBrokenRule(null);
      dispatch({ type: 'reset' });
    } catch (error) {
      if (handleKeyRefusal?.(error)) return;
      toast({
        title: RECORD_MATCH_FAILURE.title,
        description: serverErrorMessage(error, RECORD_MATCH_FAILURE.fallbackMessage),
        variant: 'destructive',
      });
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending || confirming) return;
    const request = toRecordMatchRequest(state, mode);
    const violation = checkRecordMatchForm(request);
    setBrokenRule(violation);
    if (violation) {
      const atFault = rowsAtFault(state, rowMarks(state, request, violation));
      toast({ title: violation.title, description: <ViolationDescription message={violation.message} rows={atFault} />, variant: 'destructive' });
      setFocusTarget({ selector: '[aria-invalid="true"]' });
      return;
    }
    setChecking(true);
    const rows = await flaggedRows(state).finally(() => setChecking(false));
    if (rows.length > 0) setConfirming({ request, rows });
    else await record(request);
  }

  return (
    // Every submission ends in a toast: its code downloads once the form is in use.
    <form ref={form} className="record-match-form" onSubmit={submit} onFocus={preloadToasts} noValidate>
      <GameModeCard modes={modes} loading={modesLoading} value={state.modeId} onChange={(modeId) => dispatch({ type: 'setMode', modeId })}>
        <MapInput value={state.map} onChange={(map) => dispatch({ type: 'setMap', map })} />
      </GameModeCard>
      <div className="team-grid">
        {TEAMS.map((team) => (
          <TeamCard
            key={team}
            team={team}
            players={state[team]}
            isWinner={state.winningTeam === team}
            scoreLimit={scoreLimit}
            score={team === 'team1' ? state.team1Score : state.team2Score}
            modeStatLabel={statLabel}
            marks={marks}
            onSetWinner={() => dispatch({ type: 'setWinner', team })}
            onScoreChange={(score) => dispatch({ type: 'setScore', team, score })}
            onAddPlayer={() => dispatch({ type: 'addPlayer', team })}
            onRemovePlayer={(rowId) => dispatch({ type: 'removePlayer', team, rowId })}
            onPlayerChange={(rowId, field, value) => dispatch({ type: 'updatePlayer', team, rowId, field, value })}
            onPickPlayer={(rowId, player) => dispatch({ type: 'pickPlayer', team, rowId, discordId: player.discordId, username: player.username })}
          />
        ))}
      </div>
      <Panel className="submit-panel">
        <p className="muted">ELO is calculated using 70% win/loss and 30% performance metrics.</p>
        {reviewed && <p className="review-notice">{REVIEW_NOTICE}</p>}
        <PlainButton variant="primary" type="submit" size="large" disabled={pending}>
          {pending ? 'Recording...' : 'Record Match'}
        </PlainButton>
      </Panel>
      {confirming && (
        <Suspense fallback={null}>
          <NewIdConfirm
            rows={confirming.rows}
            onConfirm={() => {
              setConfirming(null);
              void record(confirming.request);
            }}
            onCancel={() => {
              setConfirming(null);
              // Back to the first row flagged, to pick the known player there.
              setFocusTarget({ selector: `[data-row-id="${confirming.rows[0]!.rowId}"] [data-field="discordId"]` });
            }}
          />
        </Suspense>
      )}
    </form>
  );
}
