import type { Knex } from 'knex';
import { tableCreator } from '../infrastructure/create-table-once.js';

/**
 * The media library's bytes, content-addressed: one row per rendition (`{hash}:original`,
 * `{hash}:w640`), in the `public` schema beside the log, since a rebuild of the read tables
 * must never lose them and a backup keeps them (backup/kept-data.ts). Rows are written before
 * the MediaUploaded event that names them; an upload that fails after that leaves rows no event
 * names, which nothing serves (serving checks the read model) and the next upload of the same
 * image reuses.
 */
export const MEDIA_BLOBS_TABLE = 'media_blobs';

export function createMediaBlobsTable(knex: Knex): Promise<void> {
  return tableCreator(
    knex,
    `CREATE TABLE IF NOT EXISTS public.${MEDIA_BLOBS_TABLE} (
      id text PRIMARY KEY,
      hash text NOT NULL,
      content_type text NOT NULL,
      bytes bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX IF NOT EXISTS media_blobs_hash_idx ON public.${MEDIA_BLOBS_TABLE} (hash)`,
  )();
}

/** `{hash}:original` or `{hash}:w{width}`. */
export const blobId = (hash: string, variant: 'original' | number) => (variant === 'original' ? `${hash}:original` : `${hash}:w${variant}`);

export interface Blob {
  id: string;
  hash: string;
  contentType: string;
  bytes: Buffer;
}

export async function writeBlobs(knex: Knex, blobs: readonly Blob[]): Promise<void> {
  await createMediaBlobsTable(knex);
  await knex(`public.${MEDIA_BLOBS_TABLE}`)
    .insert(blobs.map((blob) => ({ id: blob.id, hash: blob.hash, content_type: blob.contentType, bytes: blob.bytes })))
    .onConflict('id')
    .ignore();
}

export async function readBlob(knex: Knex, id: string): Promise<{ contentType: string; bytes: Buffer } | null> {
  await createMediaBlobsTable(knex);
  const row = (await knex(`public.${MEDIA_BLOBS_TABLE}`).where({ id }).first('content_type', 'bytes')) as { content_type: string; bytes: Buffer } | undefined;
  return row ? { contentType: row.content_type, bytes: row.bytes } : null;
}

export async function deleteBlobs(knex: Knex, hash: string): Promise<void> {
  await createMediaBlobsTable(knex);
  await knex(`public.${MEDIA_BLOBS_TABLE}`).where({ hash }).delete();
}
