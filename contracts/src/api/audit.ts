// GET /api/admin/events: the audit log as the admin's Audit screen (and the profile's merged
// accounts) read it.
import { AdminKeyRefSchema } from '../admin-keys/admin-key-ref.js';
import type { EventMetadata } from '../event-store.js';
import { errorResponses, isoTime, wholeNumber, z, type ApiOperationSpec } from './schema.js';

export const ActorSchema = z.enum(['admin', 'public', 'system']).meta({ id: 'Actor', description: 'Who caused an event.' });

/** An event's metadata as the audit log shows it (event-store.ts's EventMetadata; the fingerprint for the owner only). */
export const EventMetadataSchema = z
  .object({
    eventId: z.string(),
    type: z.string(),
    schemaVersion: wholeNumber(),
    recordedAt: isoTime(),
    correlationId: z.string(),
    clientCorrelationId: z.string().optional(),
    actor: ActorSchema,
    fingerprint: z.string().optional(),
    imported: z.object({ file: z.string(), matchKey: z.string() }).optional(),
    adminKey: AdminKeyRefSchema.optional(),
  })
  .meta({ id: 'EventMetadata' });
// The log's metadata and its wire schema are one shape: this fails to compile when they part.
const metadataFitsSchema = (metadata: EventMetadata): z.infer<typeof EventMetadataSchema> => metadata;
void metadataFitsSchema;

/** What an audit row links to: the players and pages an event touched. */
export const EventLinksSchema = z
  .object({
    playerIds: z.array(wholeNumber()),
    pageSlugs: z.array(z.string()),
    contentPages: z.array(z.string()),
    playerNames: z
      .record(z.string(), z.string())
      .meta({ description: "The linked players' usernames by id, where known: as the players read model has them now, else as the event gave them." }),
    pageTitles: z.record(z.string(), z.string()).meta({ description: "The linked pages' titles by slug, where known." }),
  })
  .meta({ id: 'EventLinks' });
export type EventLinks = Omit<z.infer<typeof EventLinksSchema>, 'playerNames'> & { playerNames: Record<number, string> };

export const AuditEntrySchema = z
  .object({
    position: wholeNumber().meta({ description: 'Position in the global log: the cursor of the pages.' }),
    recordedAt: isoTime(),
    type: z.string(),
    streamId: z.string(),
    revision: wholeNumber().meta({ description: '0-based revision within the stream.' }),
    actor: ActorSchema,
    correlationId: z.string().meta({ description: 'Ties every event of one request together.' }),
    fingerprint: z
      .string()
      .nullable()
      .optional()
      .meta({ description: "A keyed hash of the caller's address (null: none, a system event). Shown to the owner key only." }),
    adminKey: AdminKeyRefSchema.nullable().meta({ description: 'The admin key that made it; null for public and system events.' }),
    summary: z.string().meta({ description: 'One readable line, written by the server.' }),
    links: EventLinksSchema,
    data: z.unknown().meta({ description: "The event's data; an AdminKeyCreated's without its `keyHash`, which never leaves the server." }),
    metadata: EventMetadataSchema,
  })
  .meta({ id: 'AuditEntry', description: 'One event of the log as the audit log shows it.' });

/**
 * One event of the log as GET /api/admin/events shows it. `E` narrows the type and data
 * when the request filtered by type (for example `AuditEntry<PlayersMerged | PlayersUnmerged>`).
 */
export type AuditEntry<E extends { type: string; data: unknown } = { type: string; data: unknown }> = Omit<
  z.infer<typeof AuditEntrySchema>,
  'type' | 'data' | 'links' | 'metadata'
> & { type: E['type']; data: E['data']; links: EventLinks; metadata: EventMetadata };

export const AuditPageSchema = z
  .object({
    events: z.array(AuditEntrySchema),
    nextCursor: wholeNumber().nullable().meta({ description: 'Pass as `before` for the next (older) page; null at the start of the log.' }),
  })
  .meta({ id: 'AuditPage', description: 'One page of the audit log, newest first.' });

/** One page of the audit log, newest first. */
export interface AuditPage<E extends { type: string; data: unknown } = { type: string; data: unknown }> {
  events: AuditEntry<E>[];
  nextCursor: number | null;
}

const auditText = (description: string) => z.string().max(200).optional().meta({ description });

export const AUDIT_OPERATIONS: ApiOperationSpec[] = [
  {
    method: 'get',
    path: '/api/admin/events',
    tag: 'admin: audit',
    summary: 'The audit log, newest first',
    description: 'Filterable, paged by global position, with the players, pages and sections its events mention named from the read models.',
    role: 'any',
    query: z.object({
      type: auditText('Event type names separated by commas.'),
      stream: auditText('A stream id.'),
      player: z.int().min(1).optional().meta({ description: 'Events that link this player id.' }),
      key: auditText('`owner` or a key id: the events that key made.'),
      from: isoTime().optional().meta({ description: 'From this time (ISO 8601).' }),
      to: isoTime().optional().meta({ description: 'Up to this time (ISO 8601).' }),
      q: auditText('Text the summary or data holds.'),
      before: z.int().min(1).optional().meta({ description: 'The cursor: events before this position.' }),
      limit: z.int().min(1).optional().meta({ description: 'Events per page (default 50).' }),
    }),
    responses: { 200: AuditPageSchema, ...errorResponses(400) },
  },
];
