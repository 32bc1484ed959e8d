/**
 * What a backup holds: everything in the `public` schema that the event log cannot give back.
 * The read models (schema `read_models`) are rebuilt from the log after a restore.
 *
 * - Tables, in this order (a restore writes them in it: the streams' guard needs their events):
 *   `key` orders the rows (keyset pages) and, for the tables that are not the log, is what a
 *   restore upserts on, so the restored row replaces the one the empty site made at its start.
 * - Every sequence of the public schema: the log's positions (`events_position_seq`) and the
 *   CMS ids (`cms_*_ids`, backend/src/shared/cms-ids.ts), which must never be handed out twice.
 */
export interface KeptTable {
  name: string;
  key: string;
  /** `log`: inserted into an empty log as they are; `upsert`: replaces what the site made at its start. */
  restore: 'log' | 'upsert';
  /** Rows per read, for a table of large rows (the default is the backup's page size). */
  pageRows?: number;
}

export const EVENTS_TABLE = 'public.events';
export const STREAMS_TABLE = 'public.streams';

export const KEPT_TABLES: readonly KeptTable[] = [
  { name: EVENTS_TABLE, key: 'position', restore: 'log' },
  // Each stream's newest revision: derivable from the events, kept so a restore needs no scan.
  { name: STREAMS_TABLE, key: 'stream_id', restore: 'log' },
  // The audit fingerprint key (infrastructure/fingerprint-secret.ts): without it, new
  // fingerprints would not match the old ones of the same address.
  { name: 'public.shared_secrets', key: 'name', restore: 'upsert' },
  // The media library's bytes (media/media-blobs.ts): the MediaUploaded events name them by
  // hash, and nothing else holds them.
  { name: 'public.media_blobs', key: 'id', restore: 'upsert', pageRows: 8 },
];

/**
 * The public tables a backup leaves out, and why. A test lists the public tables of a site that
 * has done everything and fails on one that is in neither list: a new table must be placed here
 * or in KEPT_TABLES.
 */
export const LEFT_OUT_TABLES: Readonly<Record<string, string>> = {
  'public.event_store_migrations': "the event log's migrations: the target runs its own",
  'public.event_store_migrations_lock': "the event log's migration lock",
  'public.rate_limits': 'rate-limit counts, which expire within the hour',
  'public.ladder_snapshots': 'a cache of the log, for fast restarts',
  'public.ladder_time_travel_snapshots': "a cache of the log, for time travel",
  'public.projector_leases': 'which process runs the projector now',
  'public.scheduled_backups': 'which scheduled backup was written last',
  // A restored site starts webhook deliveries at its restored head (webhooks/delivery/delivery-dispatcher.ts): nothing past is sent again.
  'public.webhook_dispatch': "the webhook dispatcher's checkpoint: a restored site starts at its head",
  'public.webhook_deliveries': 'webhook deliveries queued and made: operational history, not the log',
  'public.webhook_delivery_attempts': "the attempts of those deliveries: the receivers' answers",
};
