import { BACKWARDS } from '@kurrent/kurrentdb-client';
import { readerSettings, type KurrentLog, type KurrentReaderOptions } from '../../event-store/kurrentdb/kurrentdb-log.js';
import { LADDER_STREAM, type MatchRecorded } from '@team/contracts';
import type { KeyedMatch, LadderLog } from './ladder-log.js';

/** The Idempotency-Key of a MatchRecorded, or null (another event, or a match sent without one). */
function keyOf(type: string, data: unknown): string | null {
  if (type !== 'MatchRecorded') return null;
  const key = (data as MatchRecorded['data']).idempotencyKey;
  return typeof key === 'string' ? key : null;
}

/** What the ladder's command side reads of the KurrentDB log itself: its own stream, never a projection. */
export class KurrentLadderLog implements LadderLog {
  private readonly settings: Required<KurrentReaderOptions>;

  constructor(
    private readonly log: KurrentLog,
    options: KurrentReaderOptions = {},
  ) {
    this.settings = readerSettings(options, LADDER_STREAM);
  }

  /**
   * Reads the ladder stream backwards from `upToRevision` and stops at the first event the
   * server wrote before `since` minus the clock-skew margin (CLOCK_SKEW_MS): a restart reads one
   * window's events (plus the margin), not the whole stream, as PostgreSQL's index does.
   */
  async keyedMatchesSince(since: Date, upToRevision: number): Promise<KeyedMatch[]> {
    const found: KeyedMatch[] = [];
    const stop = since.getTime() - this.settings.clockSkewMs;
    for await (const event of this.log.stream(this.settings.ladderStream, { direction: BACKWARDS, fromRevision: upToRevision })) {
      if (event.created.getTime() <= stop) break;
      if (keyOf(event.type, event.data) !== null && Date.parse(event.metadata.recordedAt) > since.getTime()) {
        found.push({ position: event.position, data: event.data as MatchRecorded['data'] });
      }
    }
    return found.reverse();
  }

  /** Reads the whole ladder stream: a demo run or an import asks once, and KurrentDB has no index on data. */
  async recordedKeys(prefix: string): Promise<Set<string>> {
    return new Set((await this.recordedKeyHashes(prefix)).keys());
  }

  async recordedKeyHashes(prefix: string): Promise<Map<string, string | null>> {
    const keys = new Map<string, string | null>();
    for await (const event of this.log.stream(this.settings.ladderStream)) {
      const key = keyOf(event.type, event.data);
      if (key?.startsWith(prefix)) keys.set(key, (event.data as MatchRecorded['data']).requestHash ?? null);
    }
    return keys;
  }
}
