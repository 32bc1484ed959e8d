import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Knex } from 'knex';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { PlayerMatchRecord } from '@team/contracts';
import type { AppConfig } from '../../config.js';
import { APP_CONFIG, LOGGER, TIME_TRAVEL_KNEX } from '../../infrastructure/tokens.js';
import { ServiceUnavailableError } from '../../shared/domain-errors.js';
import { snapshotParts } from '../../ladder/ladder.snapshot.js';
import type { RankedBoard } from '../read-side/ranked-board.js';
import type { AsOf } from './as-of.js';
import { LadderAsOf } from './ladder-as-of.js';
import { Semaphore } from './semaphore.js';
import { TIME_TRAVEL_LOG, type TimeTravelLog } from './time-travel-log.js';
import { keptAfter, nextKeptRevision } from './kept-spacing.js';
import { LadderSnapshotStore } from '../../ladder/ladder-snapshot-store.js';

// Time travel (audit and public ?asOf=): the ladder as it stood at a point of the log, folded
// with the aggregate's evolve and shown in the read side's shapes (ladder-as-of.ts). It is
// bounded (docs/scaling.md): a point resolves to a log position; a fold starts from the nearest
// kept snapshot at or before it (ladder/ladder-snapshot-store.ts) and reads only the ladder events
// after that, on its own small pool; at most a few folds run at once and the rest wait a
// bounded time, then get 503; folded points are kept in a small LRU cache, and concurrent
// readers of one point share one fold.

/** Ladder events per page while folding: the event loop gets a turn between pages. */
const PAGE = 1000;
/** Points of the log whose ISO time was resolved (the answer never changes once an event follows it). */
const RESOLVED_TIMES = 1000;

/** How the last fold went: where it started and how many ladder events it read (tests, bench). */
export interface FoldReport {
  position: number;
  fromPosition: number;
  eventsRead: number;
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The ladder at a point of the log: resolved to a position, served from the cache, or folded
 * from the nearest kept snapshot under the concurrency limit.
 */
@Injectable()
export class LadderTimeTravel implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly snapshots: LadderSnapshotStore;
  private readonly limiter: Semaphore;
  /** Folded points by position; null when the cache is off. A point at or below the head never changes. */
  private readonly cache: LRUCache<number, LadderAsOf> | null;
  /** Folds under way, by position: concurrent readers of one point share one. */
  private readonly inFlight = new Map<number, Promise<LadderAsOf>>();
  private readonly resolvedTimes = new LRUCache<number, number>({ max: RESOLVED_TIMES });
  /** The highest head seen: a position at or below it needs no query to be resolved. */
  private knownHead = 0;
  private keeping: Promise<void> | null = null;
  private closed = false;
  /** A snapshot is kept after every this many ladder events while the log is short, further apart after (kept-spacing.ts). */
  readonly snapshotEvery: number;
  /** Folds done for readers (not the background one that keeps snapshots up). */
  folds = 0;
  lastFold: FoldReport | null = null;
  /** How the keep-up at bootstrap went: null when there was nothing to keep, so nothing was folded. */
  keptUp: FoldReport | null = null;

  constructor(
    @Inject(TIME_TRAVEL_KNEX) knex: Knex,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(TIME_TRAVEL_LOG) private readonly log: TimeTravelLog,
  ) {
    this.snapshots = new LadderSnapshotStore(knex);
    this.snapshotEvery = config.timeTravelSnapshotEvery;
    this.limiter = new Semaphore(
      config.timeTravelConcurrency,
      config.timeTravelWaitMs,
      () => new ServiceUnavailableError('Time travel is busy right now. Please try again in a moment.'),
    );
    // Bounded by count and by size: a point of the 1,000,000-match ladder holds about 400 MB, so
    // eight points named by a visitor's ?asOf= were gigabytes (docs/performance.md, "Scale curve").
    this.cache =
      config.timeTravelCache > 0
        ? new LRUCache<number, LadderAsOf>({
            max: config.timeTravelCache,
            maxSize: config.timeTravelCacheMb * 1_000_000,
            sizeCalculation: (ladder) => Math.max(1, ladder.approximateBytes()),
          })
        : null;
  }

  onApplicationBootstrap(): void {
    // Keep snapshots up to the head in the background, so the first reader after a long
    // stretch without time travel does not fold that stretch.
    this.keeping = this.keepUp().catch((error) => this.logger.warn({ err: error }, 'time-travel snapshots not kept up'));
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    await this.keeping;
    await Promise.allSettled([...this.inFlight.values()]);
  }

  /** Resolves once the background fold started at bootstrap is done (bench, tests). */
  async whenKeptUp(): Promise<void> {
    await this.keeping;
  }

  /** The ladder at a point of the log. */
  async fold(asOf: AsOf): Promise<LadderAsOf> {
    return this.at(await this.resolve(asOf));
  }

  /** The ranked board of a pool at a point of the log; a mode's board reads the mode's matches (once per point). */
  async board(asOf: AsOf, pool: 'overall' | number): Promise<RankedBoard> {
    const ladder = await this.fold(asOf);
    if (pool === 'overall') return ladder.overallBoard();
    const ranked = ladder.rankedModeBoard(pool);
    if (ranked) return ranked;
    const matches = await this.limiter.run(() => this.log.matches(ladder.modeMatchPositions(pool)));
    return ladder.modeBoard(pool, matches);
  }

  /** A player's history at a point of the log; null: no such player then. */
  async history(asOf: AsOf, playerId: number): Promise<PlayerMatchRecord[] | null> {
    const ladder = await this.fold(asOf);
    const positions = ladder.historyPositions(playerId);
    if (positions === null) return null;
    const matches = await this.limiter.run(() => this.log.matches(positions));
    return ladder.history(playerId, matches);
  }

  /** The point as a log position, never past the head (a point past it would change as the log grows). */
  private async resolve(asOf: AsOf): Promise<number> {
    if ('position' in asOf) {
      if (asOf.position <= this.knownHead) return asOf.position;
      return Math.min(asOf.position, await this.head());
    }
    const known = this.resolvedTimes.get(asOf.time);
    if (known !== undefined) return known;
    const position = await this.log.lastPositionAt(asOf.time);
    if (position === null) return this.head();
    this.resolvedTimes.set(asOf.time, position);
    return position;
  }

  private async head(): Promise<number> {
    const head = await this.log.head();
    this.knownHead = Math.max(this.knownHead, head);
    return head;
  }

  private at(position: number): Promise<LadderAsOf> {
    const cached = this.cache?.get(position);
    if (cached) return Promise.resolve(cached);
    let pending = this.inFlight.get(position);
    if (!pending) {
      pending = this.limiter
        .run(() => this.foldTo(position, true))
        .then((ladder) => {
          this.cache?.set(position, ladder);
          return ladder;
        })
        .finally(() => this.inFlight.delete(position));
      this.inFlight.set(position, pending);
    }
    return pending;
  }

  private async keepUp(): Promise<void> {
    const head = await this.head();
    // A restart usually finds every point up to the head kept: a fold would restore a whole
    // state from the newest snapshot only to keep nothing. It folds once the ladder has reached
    // the next point to keep after the newest one.
    const newest = await this.snapshots.nearestPoint(head);
    const next = nextKeptRevision(newest?.revision ?? -1, this.snapshotEvery);
    if ((await this.log.ladderEvents(next - 1, head, 1)).length === 0) return;
    const ladder = await this.foldTo(head, false);
    this.keptUp = { position: head, fromPosition: newest?.position ?? 0, eventsRead: ladder.revision - (newest?.revision ?? -1) };
  }

  /**
   * Folds from the nearest kept snapshot at or before `position`, keeping a snapshot at each
   * ladder revision it passes that keptAfter names and that is not kept yet.
   */
  private async foldTo(position: number, forReader: boolean): Promise<LadderAsOf> {
    const base = await this.snapshots.nearest(position);
    // The snapshot was read for this fold alone: its lines become the point's (not copied again).
    const ladder = base ? LadderAsOf.restore(base, true) : new LadderAsOf();
    const fromPosition = base?.position ?? 0;
    const kept = await this.snapshots.keptRevisions(fromPosition, position);
    let eventsRead = 0;
    for (;;) {
      const page = await this.log.ladderEvents(ladder.revision, position, PAGE);
      for (const row of page) {
        ladder.applyRow(row);
        eventsRead++;
        if (keptAfter(row.revision, this.snapshotEvery) && !kept.has(row.revision)) await this.keep(ladder, row.position);
      }
      if (page.length < PAGE) break;
      if (this.closed) throw new ServiceUnavailableError('The server is shutting down.');
      await yieldToEventLoop();
    }
    if (forReader) {
      this.folds++;
      this.lastFold = { position, fromPosition, eventsRead };
    }
    return ladder;
  }

  private async keep(ladder: LadderAsOf, position: number): Promise<void> {
    // Taken now (the fold moves on); awaited, so a long fold never holds more than one.
    const snapshot = { position, revision: ladder.revision, ...snapshotParts(ladder.state), extras: ladder.serializeExtras() };
    await this.snapshots.keep(snapshot).catch((error) => this.logger.warn({ err: error, position }, 'time-travel snapshot not kept'));
  }
}
