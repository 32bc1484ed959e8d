import type { SubmissionEvent } from '@team/contracts';
import { defineProjection, type Projection } from '../projection.js';

/**
 * The review queue (PUBLIC_RECORDING=review): one row per submission, its status and the
 * match as submitted. A submission is on no board: the ladder's read models never see it; an
 * approved one's match is recorded by its own MatchRecorded event.
 */
export const SUBMISSIONS_TABLE = 'review_submissions';

export const submissionsProjection: Projection = defineProjection<SubmissionEvent>({
  name: 'submissions',
  tables: [SUBMISSIONS_TABLE],
  migrations: [
    {
      name: '001_review_submissions',
      async up(knex) {
        await knex.raw(`
          CREATE TABLE ${SUBMISSIONS_TABLE} (
            id           text PRIMARY KEY,
            status       text        NOT NULL,
            submitted_at timestamptz NOT NULL,
            request      jsonb       NOT NULL,
            decided_at   timestamptz,
            decided_by   text,
            match_id     integer,
            reason       text,
            position     bigint      NOT NULL
          );
          CREATE INDEX review_submissions_queue_idx ON ${SUBMISSIONS_TABLE} (status, position);
        `);
      },
    },
  ],
  handlers: {
    async MatchSubmitted({ data, position }, trx) {
      await trx(SUBMISSIONS_TABLE)
        .insert({ id: data.submissionId, status: 'pending', submitted_at: data.submittedAt, request: JSON.stringify(data.request), position })
        .onConflict('id')
        .ignore();
    },
    async SubmissionApproved({ data }, trx) {
      await trx(SUBMISSIONS_TABLE)
        .where({ id: data.submissionId })
        .update({ status: 'approved', decided_at: data.decidedAt, decided_by: data.decidedBy, match_id: data.matchId });
    },
    async SubmissionRejected({ data }, trx) {
      await trx(SUBMISSIONS_TABLE)
        .where({ id: data.submissionId })
        .update({ status: 'rejected', decided_at: data.decidedAt, decided_by: data.decidedBy, reason: data.reason });
    },
  },
});
