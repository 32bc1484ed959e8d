import type { Knex } from 'knex';
import type { MediaEvent, MediaUploaded, MediaVariant } from '@team/contracts';
import { defineProjection, type Projection } from '../projection.js';

/** The media library's images (their bytes are in the public schema's media_blobs). */
export const MEDIA_ITEMS_TABLE = 'media_items';

export interface MediaItemRow {
  id: string;
  hash: string;
  file_name: string;
  content_type: string;
  width: number;
  height: number;
  bytes: number;
  alt: string;
  variants: MediaVariant[];
  uploaded_at: Date;
}

async function applyMediaUploaded({ data }: { data: MediaUploaded['data'] }, trx: Knex.Transaction): Promise<void> {
  await trx(MEDIA_ITEMS_TABLE)
    .insert({
      id: data.id,
      hash: data.hash,
      file_name: data.fileName,
      content_type: data.contentType,
      width: data.width,
      height: data.height,
      bytes: data.bytes,
      alt: data.alt,
      variants: JSON.stringify(data.variants),
      uploaded_at: data.uploadedAt,
    })
    .onConflict('id')
    .ignore();
}

export const mediaProjection: Projection = defineProjection<MediaEvent>({
  name: 'media',
  tables: [MEDIA_ITEMS_TABLE],
  migrations: [
    {
      name: '001_media_items',
      async up(knex) {
        await knex.raw(`
          CREATE TABLE ${MEDIA_ITEMS_TABLE} (
            id           text PRIMARY KEY,
            hash         text        NOT NULL,
            file_name    text        NOT NULL,
            content_type text        NOT NULL,
            width        integer     NOT NULL,
            height       integer     NOT NULL,
            bytes        integer     NOT NULL,
            alt          text        NOT NULL,
            variants     jsonb       NOT NULL,
            uploaded_at  timestamptz NOT NULL
          );
          CREATE INDEX media_items_hash_idx ON ${MEDIA_ITEMS_TABLE} (hash);
          CREATE INDEX media_items_uploaded_idx ON ${MEDIA_ITEMS_TABLE} (uploaded_at DESC, id);
        `);
      },
    },
  ],
  handlers: {
    MediaUploaded: applyMediaUploaded,
    MediaAltChanged: async ({ data }, trx) => {
      await trx(MEDIA_ITEMS_TABLE).where({ id: data.id }).update({ alt: data.alt });
    },
    MediaDeleted: async ({ data }, trx) => {
      await trx(MEDIA_ITEMS_TABLE).where({ id: data.id }).delete();
    },
  },
});

/** One page of the library, newest first, and how many there are. */
export async function mediaPage(knex: Knex, page: number, pageSize: number): Promise<{ rows: MediaItemRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    knex<MediaItemRow>(MEDIA_ITEMS_TABLE).orderBy([{ column: 'uploaded_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(pageSize).offset((page - 1) * pageSize),
    knex(MEDIA_ITEMS_TABLE).count<{ n: string }[]>({ n: '*' }),
  ]);
  return { rows, total: Number(count[0]?.n ?? 0) };
}

/** Whether an image of the library has these bytes (what serving a file checks). */
export async function liveMediaByHash(knex: Knex, hash: string): Promise<MediaItemRow | null> {
  return (await knex<MediaItemRow>(MEDIA_ITEMS_TABLE).where({ hash }).first()) ?? null;
}
