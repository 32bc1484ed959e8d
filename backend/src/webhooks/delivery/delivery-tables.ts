import type { Knex } from 'knex';
import { tableCreator } from '../../infrastructure/create-table-once.js';

// The delivery side's own tables, in the public schema beside the log: they are not a read
// model (attempts and their timing come from the world, not from the log), so a rebuild leaves
// them alone. A backup leaves them out (backup/kept-data.ts says why).

export const DISPATCH_TABLE = 'public.webhook_dispatch';
export const DELIVERIES_TABLE = 'public.webhook_deliveries';
export const ATTEMPTS_TABLE = 'public.webhook_delivery_attempts';
/** The dispatcher's checkpoint row. */
export const DISPATCH_CHECKPOINT = 'deliveries';

export function webhookTablesCreator(knex: Knex): () => Promise<void> {
  return tableCreator(
    knex,
    `CREATE TABLE IF NOT EXISTS ${DISPATCH_TABLE} (
       name       text PRIMARY KEY,
       position   bigint NOT NULL,
       updated_at timestamptz NOT NULL DEFAULT now()
     );
     CREATE TABLE IF NOT EXISTS ${DELIVERIES_TABLE} (
       id              text PRIMARY KEY,
       webhook_id      text NOT NULL,
       type            text NOT NULL,
       position        bigint,
       occurred_at     timestamptz NOT NULL,
       data            jsonb NOT NULL,
       status          text NOT NULL,
       attempts        integer NOT NULL DEFAULT 0,
       next_attempt_at timestamptz,
       first_failed_at timestamptz,
       created_at      timestamptz NOT NULL,
       delivered_at    timestamptz
     );
     CREATE INDEX IF NOT EXISTS webhook_deliveries_due_idx ON ${DELIVERIES_TABLE} (next_attempt_at) WHERE status = 'pending';
     CREATE INDEX IF NOT EXISTS webhook_deliveries_by_webhook_idx ON ${DELIVERIES_TABLE} (webhook_id, created_at DESC);
     CREATE TABLE IF NOT EXISTS ${ATTEMPTS_TABLE} (
       delivery_id text NOT NULL,
       attempt     integer NOT NULL,
       started_at  timestamptz NOT NULL,
       status      integer,
       ms          integer NOT NULL,
       error       text,
       excerpt     text NOT NULL,
       PRIMARY KEY (delivery_id, attempt)
     )`,
  );
}
