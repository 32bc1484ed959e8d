import { OPERATIONS_STREAM, type EventStore, type RecordedEvent, type SetAsideEntry } from '@team/contracts';

/**
 * Folds one event of the `operations` stream into the events currently set aside, keyed by
 * the position they name. Other events are ignored.
 */
export function foldSetAside(entries: Map<number, SetAsideEntry>, event: RecordedEvent): void {
  if (event.streamId !== OPERATIONS_STREAM) return;
  const data = (event.data ?? {}) as Record<string, unknown>;
  const position = Number(data.position);
  if (!Number.isInteger(position)) return;
  if (event.type === 'ProjectionEventSetAside') {
    entries.set(position, {
      position,
      eventId: String(data.eventId ?? ''),
      type: String(data.type ?? ''),
      streamId: String(data.streamId ?? ''),
      reason: String(data.reason ?? ''),
      setAsideAt: event.position,
      recordedAt: event.metadata.recordedAt,
    });
  } else if (event.type === 'ProjectionEventSetAsideUndone') {
    entries.delete(position);
  }
}

/**
 * The events an admin has set aside, as the `operations` stream says now. A set-aside event
 * comes later in the log than the event it names, so a projector cannot learn of it in log
 * order: it reads the stream ahead of its checkpoint (`refresh`) and folds the operations
 * events it meets in its batches (`observe`), which keeps a caught-up projector from paying
 * an extra read per batch.
 */
export class SetAsideEvents {
  private readonly entries = new Map<number, SetAsideEntry>();
  /** The last revision of the `operations` stream folded in; -1 before any. */
  private revision = -1;

  constructor(private readonly reader: Pick<EventStore, 'readStream'>) {}

  /** Folds every operations event appended since the last refresh. */
  async refresh(): Promise<void> {
    for (const event of await this.reader.readStream(OPERATIONS_STREAM, this.revision + 1)) this.fold(event);
  }

  /**
   * Folds the operations events of a batch of the global log. Returns false when one was
   * skipped over (its predecessor in the stream never seen): the caller must `refresh`.
   */
  observe(events: readonly RecordedEvent[]): boolean {
    for (const event of events) {
      if (event.streamId !== OPERATIONS_STREAM || event.revision <= this.revision) continue;
      if (event.revision !== this.revision + 1) return false;
      this.fold(event);
    }
    return true;
  }

  has(position: number): boolean {
    return this.entries.has(position);
  }

  /** The events set aside, in log order. */
  list(): SetAsideEntry[] {
    return [...this.entries.values()].sort((a, b) => a.position - b.position);
  }

  /** The stream's last revision folded in, for an append that expects it; -1 when empty. */
  get lastRevision(): number {
    return this.revision;
  }

  private fold(event: RecordedEvent): void {
    foldSetAside(this.entries, event);
    this.revision = event.revision;
  }
}
