import { BACKWARDS } from '@kurrent/kurrentdb-client';
import { readerSettings, type KurrentLog, type KurrentReaderOptions } from '../../event-store/kurrentdb/kurrentdb-log.js';
import { LADDER_STREAM, type MatchRecorded } from '@team/contracts';
import type { LadderLogRow, TimeTravelLog } from './time-travel-log.js';

/** Positions read at once when a player's history asks for the matches at many positions. */
const PARALLEL_READS = 8;

/**
 * What time travel reads of the KurrentDB log: the ladder stream by revision, $all backwards for
 * a time, and single events by position. A position here is a commit position (byte offset),
 * so positions are only compared, never counted.
 */
export class KurrentTimeTravelLog implements TimeTravelLog {
  private readonly settings: Required<KurrentReaderOptions>;

  constructor(
    private readonly log: KurrentLog,
    options: KurrentReaderOptions = {},
  ) {
    this.settings = readerSettings(options, LADDER_STREAM);
  }

  head(): Promise<number> {
    return this.log.head();
  }

  /**
   * Scans $all backwards from the head, keeping the lowest position recorded after `time`, and
   * stops at the first event the server wrote before `time` minus the clock-skew margin. Like
   * PostgreSQL's index scan, it costs the number of events after `time`; the caller caches it.
   */
  async lastPositionAt(time: number): Promise<number | null> {
    let first: number | null = null;
    for await (const event of this.log.all({ direction: BACKWARDS })) {
      if (event.created.getTime() <= time - this.settings.clockSkewMs) break;
      if (Date.parse(event.metadata.recordedAt) > time) first = event.position;
    }
    return first === null ? null : first - 1;
  }

  async ladderEvents(afterRevision: number, upToPosition: number, limit: number): Promise<LadderLogRow[]> {
    const rows: LadderLogRow[] = [];
    for await (const event of this.log.stream(this.settings.ladderStream, { fromRevision: afterRevision + 1, maxCount: limit })) {
      if (event.position > upToPosition) break;
      rows.push({ position: event.position, revision: event.revision, type: event.type, data: event.data });
    }
    return rows;
  }

  async matches(positions: readonly number[]): Promise<Map<number, MatchRecorded['data']>> {
    const found = new Map<number, MatchRecorded['data']>();
    for (let i = 0; i < positions.length; i += PARALLEL_READS) {
      const events = await Promise.all(positions.slice(i, i + PARALLEL_READS).map((position) => this.log.eventAt(position)));
      for (const event of events) {
        if (event?.type !== 'MatchRecorded') continue;
        const data = event.data as MatchRecorded['data'];
        found.set(data.matchId, data);
      }
    }
    return found;
  }
}
