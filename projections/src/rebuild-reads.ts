import type { RecordedEvent } from '@team/contracts';
import type { ProjectorReader } from './projector.js';

/** A store that can read a stretch of the log by position (PostgreSQL): a rebuild then reads ahead on several connections. */
export interface RangeReader {
  /** The events with `after < position <= through`, in log order. */
  readRange(after: number, through: number): Promise<RecordedEvent[]>;
}

/** Reads a rebuild keeps in flight while it applies: the server formats one stretch's rows while the next is parsed. */
const READS_AHEAD = 3;

/**
 * The log as a rebuild reads it: batch after batch, in order. Up to the head it had at the start,
 * a store that reads by position range (RangeReader) is read several stretches ahead, each on a
 * connection of its own; turning jsonb into text is most of a read's cost on the server, and so it
 * runs beside the parse of the stretch before and the rebuild's applies. Past that head (events
 * appended during the rebuild), and for a store that reads only page after page (KurrentDB),
 * one page is read ahead.
 */
export class LogReadAhead {
  private readonly pending: Promise<RecordedEvent[]>[] = [];
  /** Where the next read starts: the end of the last stretch asked for, or the last event of the last page. */
  private cursor: number;
  /** Whether the reads have moved on to pages (past the head, or a store without ranges). */
  private paging = false;

  constructor(
    private readonly reader: ProjectorReader & Partial<RangeReader>,
    after: number,
    private readonly head: number,
    private readonly batchSize: number,
  ) {
    this.cursor = after;
    this.readOn();
  }

  /** The next batch in log order; empty once the log is read to its end. */
  async next(): Promise<RecordedEvent[]> {
    for (let read = this.pending.shift(); read; read = this.pending.shift()) {
      const events = await read;
      this.readOn(events);
      // A stretch of positions can hold no event (a refused append still draws its position).
      if (events.length > 0) return events;
    }
    return [];
  }

  /** Waits for the reads still in flight (failed or not), so none runs on a pool about to close. */
  async settle(): Promise<void> {
    await Promise.allSettled(this.pending.splice(0));
  }

  /** Asks for what comes next, once `landed` (the batch just read, if any) is in. */
  private readOn(landed?: readonly RecordedEvent[]): void {
    if (this.paging) {
      // A page follows the page before it, until one comes back empty.
      if (landed && landed.length > 0) {
        this.cursor = landed[landed.length - 1]!.position;
        this.queue(this.reader.readAll(this.cursor, this.batchSize));
      }
      return;
    }
    const { readRange } = this.reader;
    if (readRange) {
      while (this.cursor < this.head && this.pending.length < READS_AHEAD) {
        const through = Math.min(this.head, this.cursor + this.batchSize);
        this.queue(readRange.call(this.reader, this.cursor, through));
        this.cursor = through;
      }
      if (this.cursor < this.head) return;
    }
    if (this.pending.length > 0) return;
    this.paging = true;
    this.queue(this.reader.readAll(this.cursor, this.batchSize));
  }

  private queue(read: Promise<RecordedEvent[]>): void {
    read.catch(() => {}); // awaited by next or settle; a failure then is the rebuild's failure
    this.pending.push(read);
  }
}
