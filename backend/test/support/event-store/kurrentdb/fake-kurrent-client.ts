import { EventEmitter } from 'node:events';
import {
  END,
  START,
  type AllStreamResolvedEvent,
  type AppendResult,
  type AppendStreamState,
  type EventData,
  type Filter,
  type Position,
  type ReadAllOptions,
  type ReadStreamOptions,
  type SubscribeToAllOptions,
} from '@kurrent/kurrentdb-client';
import type { KurrentClient } from '../../../../src/event-store/kurrentdb/kurrentdb-log.js';

/** One event as the fake server keeps it. */
export interface FakeRecord {
  streamId: string;
  id: string;
  revision: bigint;
  type: string;
  data: unknown;
  metadata: unknown;
  position: Position;
  created: Date;
  isJson?: boolean;
}

export class FakeSubscription extends EventEmitter {
  unsubscribed = false;
  constructor(readonly options: SubscribeToAllOptions) {
    super();
  }
  async unsubscribe(): Promise<void> {
    this.unsubscribed = true;
  }
}

/**
 * A stand-in for the few KurrentDB client calls the adapter makes, with KurrentDB's rules as far
 * as the mapping tests need them: revisions per stream, expected-revision checks, idempotent
 * repeats by event id (answered, like the server, without a position), inclusive read bounds,
 * server-side filters, and positions that are byte offsets (gaps between events).
 */
export class FakeKurrentClient implements KurrentClient {
  readonly records: FakeRecord[] = [];
  readonly appends: { streamId: string; events: EventData[]; streamState: AppendStreamState | undefined }[] = [];
  readonly readAllCalls: ReadAllOptions[] = [];
  readonly subscriptions: FakeSubscription[] = [];
  /** Thrown by the next append, then forgotten. */
  failNextAppend: unknown = null;
  /** Thrown by every read while set. */
  failReads: unknown = null;
  /** Whether readAll applies its filter, as the server does (false: a server that lets system events through). */
  applyFilters = true;
  disposed = false;
  private nextPosition = 1000n;

  /** Adds an event as another writer would (a system event, an odd position). */
  add(record: Omit<FakeRecord, 'revision' | 'position' | 'created'> & Partial<FakeRecord>): FakeRecord {
    const full: FakeRecord = {
      revision: BigInt(this.streamOf(record.streamId).length),
      position: this.takePosition(),
      created: new Date(),
      ...record,
    };
    this.records.push(full);
    return full;
  }

  async appendToStream(streamId: string, events: EventData | EventData[], options: { streamState?: AppendStreamState } = {}): Promise<AppendResult> {
    const list = Array.isArray(events) ? events : [events];
    this.appends.push({ streamId, events: list, streamState: options.streamState });
    if (this.failNextAppend) {
      const error = this.failNextAppend;
      this.failNextAppend = null;
      throw error;
    }
    const stream = this.streamOf(streamId);
    const current = BigInt(stream.length - 1);
    const repeat = list.every((event) => stream.some((record) => record.id === event.id));
    if (repeat) return { success: true, nextExpectedRevision: stream.find((r) => r.id === list.at(-1)!.id)!.revision, position: undefined };
    const state = options.streamState ?? 'any';
    const ok = state === 'any' || (state === 'no_stream' ? current === -1n : state === 'stream_exists' ? current >= 0n : state === current);
    if (!ok) {
      const error = Object.assign(new Error('wrong expected version'), { type: 'wrong-expected-version', actualState: current < 0n ? 'no_stream' : current });
      throw error;
    }
    for (const event of list) this.add({ streamId, id: event.id, type: event.type, data: event.data, metadata: event.metadata });
    return { success: true, nextExpectedRevision: current + BigInt(list.length), position: this.records.at(-1)!.position };
  }

  readStream(streamId: string, options: ReadStreamOptions = {}): AsyncIterableIterator<AllStreamResolvedEvent> {
    const stream = this.streamOf(streamId);
    const backwards = options.direction === 'backwards';
    const from = options.fromRevision ?? (backwards ? END : START);
    const chosen = (backwards ? [...stream].reverse() : stream).filter((r) =>
      typeof from !== 'bigint' ? true : backwards ? r.revision <= from : r.revision >= from,
    );
    return this.serve(chosen.slice(0, Number(options.maxCount ?? Number.MAX_SAFE_INTEGER)), stream.length === 0 ? streamId : null);
  }

  readAll(options: ReadAllOptions = {}): AsyncIterableIterator<AllStreamResolvedEvent> {
    this.readAllCalls.push(options);
    const backwards = options.direction === 'backwards';
    const from = options.fromPosition ?? (backwards ? END : START);
    const chosen = (backwards ? [...this.records].reverse() : this.records)
      .filter((r) => (typeof from === 'string' ? true : backwards ? r.position.commit <= from.commit : r.position.commit >= from.commit))
      .filter((r) => !this.applyFilters || !options.filter || passes(options.filter, r));
    return this.serve(chosen.slice(0, Number(options.maxCount ?? Number.MAX_SAFE_INTEGER)), null);
  }

  subscribeToAll(options: SubscribeToAllOptions = {}): any {
    const subscription = new FakeSubscription(options);
    this.subscriptions.push(subscription);
    return subscription;
  }

  async dispose(): Promise<void> {
    this.disposed = true;
  }

  private streamOf(streamId: string): FakeRecord[] {
    return this.records.filter((r) => r.streamId === streamId).sort((a, b) => Number(a.revision - b.revision));
  }

  private takePosition(): Position {
    const position = this.nextPosition;
    this.nextPosition += 57n; // byte offsets: never contiguous
    return { commit: position, prepare: position };
  }

  private async *serve(records: FakeRecord[], missingStream: string | null): AsyncIterableIterator<AllStreamResolvedEvent> {
    if (this.failReads) throw this.failReads;
    if (missingStream) throw Object.assign(new Error(`${missingStream} not found`), { type: 'stream-not-found' });
    for (const r of records) {
      yield { event: { ...r, isJson: r.isJson ?? true } as AllStreamResolvedEvent['event'] };
    }
  }
}

function passes(filter: Filter, record: FakeRecord): boolean {
  const subject = filter.filterOn === 'eventType' ? record.type : record.streamId;
  return 'regex' in filter ? new RegExp(filter.regex).test(subject) : filter.prefixes.some((p) => subject.startsWith(p));
}
