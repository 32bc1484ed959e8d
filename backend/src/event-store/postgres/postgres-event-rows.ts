import type { EventMetadata, RecordedEvent } from '@team/contracts';
import type { PreparedStatement } from '@team/projections';

// How the log's rows are read: the columns, the store's prepared statements, and a row as a
// RecordedEvent.

export interface EventRow {
  position: number;
  stream_id: string;
  revision: number;
  event_id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

export const EVENT_COLUMNS = 'position, stream_id, revision, event_id, type, data, metadata';

/** The store's hot statements, prepared once per connection (runPrepared). */
export const STATEMENTS = {
  append: { name: 'es_append_batch', text: 'SELECT public.es_append_batch($1::jsonb) AS results' },
  readAll: { name: 'es_read_all', text: `SELECT ${EVENT_COLUMNS} FROM public.events WHERE position > $1 ORDER BY position LIMIT $2` },
  readStream: {
    name: 'es_read_stream',
    text: `SELECT ${EVENT_COLUMNS} FROM public.events WHERE stream_id = $1 AND revision >= $2 ORDER BY revision`,
  },
  head: { name: 'es_head', text: 'SELECT max(position) AS head FROM public.events' },
} satisfies Record<string, PreparedStatement>;

export function toRecorded(row: EventRow): RecordedEvent {
  return {
    position: Number(row.position),
    streamId: row.stream_id,
    revision: row.revision,
    id: row.event_id,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
  };
}
