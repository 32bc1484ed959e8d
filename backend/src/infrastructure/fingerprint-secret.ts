import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { tableCreator } from './create-table-once.js';

/** Secrets the API processes share, one row each, made once and kept for good. */
export const SHARED_SECRETS_TABLE = 'shared_secrets';

/**
 * The key of the audit fingerprints (a keyed hash of the caller's address): 32 random bytes,
 * made by the first process to start on the database and read by every later one, so every API
 * process of a scale-out, and every restart, fingerprints an address alike. It lives in the
 * database rather than a data folder because the processes of a scale-out share no folder, and
 * it is not derived from the admin key: whoever holds the key could otherwise reverse a
 * fingerprint by hashing all 2^32 IPv4 addresses.
 */
export async function loadFingerprintSecret(knex: Knex): Promise<Buffer> {
  await tableCreator(
    knex,
    `CREATE TABLE IF NOT EXISTS public.${SHARED_SECRETS_TABLE} (
      name text PRIMARY KEY,
      secret bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
  )();
  // Processes starting together each offer a secret; the first insert wins and all read it back.
  await knex.raw(`INSERT INTO public.${SHARED_SECRETS_TABLE} (name, secret) VALUES ('audit-fingerprint', ?) ON CONFLICT (name) DO NOTHING`, [
    randomBytes(32),
  ]);
  const row = (await knex(SHARED_SECRETS_TABLE).where({ name: 'audit-fingerprint' }).first('secret')) as { secret: Buffer };
  return row.secret;
}
