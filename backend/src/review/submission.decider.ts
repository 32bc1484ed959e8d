import type { RecordMatchRequest, SubmissionEvent } from '@team/contracts';
import type { Decider } from '../shared/decide-and-append.js';
import { InvalidInputError, NotFoundError } from '../shared/domain-errors.js';

/** One submission of the review queue (a `submission-{id}` stream). */
export type SubmissionState =
  | { status: 'absent' }
  | { status: 'pending'; request: RecordMatchRequest; submittedAt: string }
  | { status: 'approved'; matchId: number }
  | { status: 'rejected'; reason: string };

export type SubmitMatch = { type: 'SubmitMatch'; submissionId: string; request: RecordMatchRequest; now: string };
/** `matchId`: the match its approval recorded (before this decision is appended). */
export type ApproveSubmission = { type: 'ApproveSubmission'; submissionId: string; matchId: number; decidedBy: string; now: string };
export type RejectSubmission = { type: 'RejectSubmission'; submissionId: string; reason: string; decidedBy: string; now: string };
export type SubmissionCommand = SubmitMatch | ApproveSubmission | RejectSubmission;

export const SUBMISSION_NOT_FOUND = 'Submission not found';

export function evolveSubmission(state: SubmissionState, event: SubmissionEvent): SubmissionState {
  switch (event.type) {
    case 'MatchSubmitted':
      return { status: 'pending', request: event.data.request, submittedAt: event.data.submittedAt };
    case 'SubmissionApproved':
      return { status: 'approved', matchId: event.data.matchId };
    case 'SubmissionRejected':
      return { status: 'rejected', reason: event.data.reason };
  }
}

/** The pending submission's request, or the 404 / 400 a decision on it gets. */
export function pendingRequest(state: SubmissionState): RecordMatchRequest {
  if (state.status === 'absent') throw new NotFoundError(SUBMISSION_NOT_FOUND);
  if (state.status === 'approved') throw new InvalidInputError(`This submission was already approved (match #${state.matchId}).`);
  if (state.status === 'rejected') throw new InvalidInputError('This submission was already rejected.');
  return state.request;
}

export function decideSubmission(command: SubmissionCommand, state: SubmissionState): SubmissionEvent[] {
  switch (command.type) {
    case 'SubmitMatch':
      // A repeat with the same Idempotency-Key names the same submission: nothing new.
      if (state.status !== 'absent') return [];
      return [{ type: 'MatchSubmitted', data: { submissionId: command.submissionId, submittedAt: command.now, request: command.request } }];
    case 'ApproveSubmission': {
      // The same match again: an approval retried after its match was recorded.
      if (state.status === 'approved' && state.matchId === command.matchId) return [];
      pendingRequest(state);
      const { submissionId, matchId, decidedBy, now } = command;
      return [{ type: 'SubmissionApproved', data: { submissionId, matchId, decidedAt: now, decidedBy } }];
    }
    case 'RejectSubmission': {
      pendingRequest(state);
      const { submissionId, reason, decidedBy, now } = command;
      return [{ type: 'SubmissionRejected', data: { submissionId, reason, decidedAt: now, decidedBy } }];
    }
  }
}

export const submissionDecider: Decider<SubmissionState, SubmissionCommand, SubmissionEvent> = {
  initialState: () => ({ status: 'absent' }),
  evolve: evolveSubmission,
  decide: decideSubmission,
};
