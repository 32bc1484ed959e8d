import type { AppendContext, EventMetadata, NewEvent } from '@team/contracts';

/** The metadata every adapter stores with an event: its id and type, and the append's audit facts. */
export function eventMetadata(event: NewEvent, context: AppendContext): EventMetadata {
  return {
    eventId: event.id,
    type: event.type,
    schemaVersion: event.schemaVersion ?? 1,
    recordedAt: context.recordedAt.toISOString(),
    correlationId: context.correlationId,
    ...(context.clientCorrelationId ? { clientCorrelationId: context.clientCorrelationId } : {}),
    actor: context.actor,
    ...(context.fingerprint ? { fingerprint: context.fingerprint } : {}),
    ...(context.imported ? { imported: { file: context.imported.file, matchKey: context.imported.matchKey } } : {}),
    ...(context.adminKey ? { adminKey: { id: context.adminKey.id, name: context.adminKey.name } } : {}),
  };
}
