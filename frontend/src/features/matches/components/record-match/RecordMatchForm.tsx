import {
  checkRecordMatchForm,
  findMode,
  MODE_STAT_LABELS,
  RECORD_MATCH_FAILURE,
  RECORD_MATCH_SUCCESS,
  type ModeName,
  type TeamId,
} from '@team/contracts';
import { useEffect, useReducer, useRef, type FormEvent } from 'react';
import { serverErrorMessage } from '@/lib/api';
import { Panel } from '@/components/ui/Panel';
import { PlainButton } from '@/components/ui/PlainButton';
import { useToast } from '@/components/ui/toast';
import { preloadToasts } from '@/components/ui/ToastProvider';
import { randomUuid } from '@/utils/uuid';
import { useGetModesQuery } from '../../api/get-modes';
import { useRecordMatchMutation } from '../../api/record-match';
import { GameModeCard } from './GameModeCard';
import { MapInput } from './MapInput';
import { initialFormState, recordMatchFormReducer, toRecordMatchRequest } from './record-match-form';
import { TeamCard } from './TeamCard';

const TEAMS: TeamId[] = ['team1', 'team2'];

function modeStatLabel(modeName: string | undefined): string | null {
  if (!modeName) return null;
  const entry = Object.entries(MODE_STAT_LABELS).find(([name]) => name.toLowerCase() === modeName.trim().toLowerCase());
  return entry ? MODE_STAT_LABELS[entry[0] as ModeName] : null;
}

export interface RecordMatchFormProps {
  /** Send the stored key with the match: this site records matches for recorder keys only. */
  sendAdminKey?: boolean;
  /** A refused key (401, 403): true when it was handled (the visitor is logged out), and no other toast shows. */
  handleKeyRefusal?: (error: unknown) => boolean;
}

export function RecordMatchForm({ sendAdminKey = false, handleKeyRefusal }: RecordMatchFormProps = {}) {
  const [state, dispatch] = useReducer(recordMatchFormReducer, undefined, initialFormState);
  const { data: modes = [], isLoading: modesLoading } = useGetModesQuery();
  const [recordMatch, { isLoading: pending }] = useRecordMatchMutation();
  const { toast } = useToast();

  // One Idempotency-Key per form state: resubmitting the same state (a double click, a
  // retry after a lost answer) cannot record the match twice; any edit starts a new key.
  const idempotencyKey = useRef<string | null>(null);
  useEffect(() => {
    idempotencyKey.current = null;
  }, [state]);

  const mode = findMode(modes, state.modeId);
  const statLabel = modeStatLabel(mode?.name);
  const scoreLimit = mode?.scoreLimit ?? null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const request = toRecordMatchRequest(state, mode);
    const violation = checkRecordMatchForm(request);
    if (violation) {
      toast({ title: violation.title, description: violation.message, variant: 'destructive' });
      return;
    }
    idempotencyKey.current ??= randomUuid();
    try {
      await recordMatch({ request, idempotencyKey: idempotencyKey.current, admin: sendAdminKey }).unwrap();
      toast({ title: RECORD_MATCH_SUCCESS.title, description: RECORD_MATCH_SUCCESS.message });
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

  return (
    // Every submission ends in a toast: its code downloads once the form is in use.
    <form className="record-match-form" onSubmit={submit} onFocus={preloadToasts} noValidate>
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
            onSetWinner={() => dispatch({ type: 'setWinner', team })}
            onScoreChange={(score) => dispatch({ type: 'setScore', team, score })}
            onAddPlayer={() => dispatch({ type: 'addPlayer', team })}
            onRemovePlayer={(rowId) => dispatch({ type: 'removePlayer', team, rowId })}
            onPlayerChange={(rowId, field, value) => dispatch({ type: 'updatePlayer', team, rowId, field, value })}
          />
        ))}
      </div>
      <Panel className="submit-panel">
        <p className="muted">ELO is calculated using 70% win/loss and 30% performance metrics.</p>
        <PlainButton variant="primary" type="submit" size="large" disabled={pending}>
          {pending ? 'Recording...' : 'Record Match'}
        </PlainButton>
      </Panel>
    </form>
  );
}
