import type { Knex } from 'knex';
import type { Submission, SubmissionStatus } from '@team/contracts';
import { SUBMISSIONS_TABLE } from './submissions.projection.js';

/** The most a queue listing holds: a moderator works through the oldest first. */
export const MAX_LISTED_SUBMISSIONS = 200;

interface SubmissionRow {
  id: string;
  status: SubmissionStatus;
  submitted_at: Date;
  request: Submission['match'];
  decided_at: Date | null;
  decided_by: string | null;
  match_id: number | null;
  reason: string | null;
}

const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

function submissionOf(row: SubmissionRow): Submission {
  return {
    id: row.id,
    status: row.status,
    submittedAt: new Date(row.submitted_at).toISOString(),
    decidedAt: iso(row.decided_at),
    matchId: row.match_id,
    reason: row.reason,
    match: row.request,
    decidedBy: row.decided_by,
  };
}

export async function findSubmission(knex: Knex, id: string): Promise<Submission | null> {
  const row = await knex<SubmissionRow>(SUBMISSIONS_TABLE).where({ id }).first();
  return row ? submissionOf(row) : null;
}

/** Oldest first (the order they were submitted in), optionally of one status. */
export async function listSubmissions(knex: Knex, status: SubmissionStatus | null): Promise<Submission[]> {
  const query = knex<SubmissionRow>(SUBMISSIONS_TABLE).orderBy('position').limit(MAX_LISTED_SUBMISSIONS);
  if (status) query.where({ status });
  return (await query).map(submissionOf);
}
