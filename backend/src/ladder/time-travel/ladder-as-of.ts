import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Knex } from 'knex';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { type LeaderboardEntry, type Match, type PlayerMatchRecord } from '@team/contracts';
import { leaderboardOf, toPlayer } from '@team/projections';
import type { AppConfig } from '../config.js';
import { APP_CONFIG, LOGGER, TIME_TRAVEL_KNEX } from '../infrastructure/tokens.js';
import { InvalidInputError, ServiceUnavailableError } from '../shared/domain-errors.js';
import { evolve, indexOfSorted, initialLadderState, type LadderPlayer, type LadderState } from './ladder.decider.js';
import { isLadderEvent, type LadderEvent, type MatchRecorded, type RethreadedEntry } from './ladder.events.js';
import { deserializeState, serializeState } from './ladder.snapshot.js';
import { Semaphore } from './time-travel/semaphore.js';
import { TimeTravelLog, type LadderLogRow } from './time-travel/time-travel-log.js';
import { TimeTravelSnapshots, type KeptSnapshot } from './time-travel/time-travel-snapshots.js';

// Time travel (audit and public ?asOf=): the ladder as it stood at a point of the log, folded
// with the decider's evolve and shown in the read side's shapes. It is bounded (DESIGN §11):
// a point resolves to a log position; a fold starts from the nearest kept snapshot at or
// before it (time-travel/time-travel-snapshots.ts) and reads only the ladder events after
// that, on its own small pool; at most a few folds run at once and the rest wait a bounded
// time, then get 503; folded points are kept in a small LRU cache, and concurrent readers of
// one point share one fold.

/** A point of the log: every event up to a position, or up to a time. */
export type AsOf = { position: number } | { time: number };

const POSITION = /^\d{1,15}$/;
const ISO_TIME = /^\d{4}-\d\d-\d\d(?:[T ]\d\d:\d\d(?::\d\d(?:\.\d{1,9})?)?(?:Z|[+-]\d\d:?\d\d)?)?$/;

/** `?asOf=`: a log position (a whole number) or an ISO 8601 time; undefined or '' when absent. */
export function parseAsOf(raw: unknown): AsOf | null {
  if (raw === undefined || raw === '') return null;
  if (typeof raw === 'string' && POSITION.test(raw)) return { position: Number(raw) };
  if (typeof raw === 'string' && ISO_TIME.test(raw) && !Number.isNaN(Date.parse(raw))) return { time: Date.parse(raw) };
  throw new InvalidInputError('asOf must be an event position (a whole number) or an ISO 8601 time such as 2025-03-01T12:00:00Z.');
}

/** Ladder events per page while folding: the event loop gets a turn between pages. */
const PAGE = 1000;
/** Points of the log whose ISO time was resolved (the answer never changes once an event follows it). */
const RESOLVED_TIMES = 1000;

/** What the views need beside the decider's state, as kept in a snapshot. */
interface SerializedExtras {
  revision: number;
  lineCount: number;
  lineStart: (number | null)[];
  eloAfter: [string, number][];
}

/**
 * The ladder at a point of the log, with what the history pages need beside the decider's
 * state. The matches' own data is not held: a history reads the player's MatchRecorded events
 * by position (the state indexes them), so a kept snapshot stays about the size of the state.
 */
export class LadderAsOf {
  /** Last ladder stream revision folded in; −1: none. */
  revision = -1;
  /** Lines recorded before each match, by match id: the read model numbers lines in log order (a serial id). */
  private lineStart: (number | null)[] = [];
  private lineCount = 0;
  /** ELO-after of the lines a merge, void or unmerge re-threaded (`matchId:recorded-as player id`); others keep the event's. */
  private readonly eloAfter = new Map<string, number>();
  /** Boards already ranked, by pool key: a cached point is read many times. */
  private readonly boards = new Map<number, LeaderboardEntry[]>();

  constructor(readonly state: LadderState = initialLadderState()) {}

  static restore(snapshot: Pick<KeptSnapshot, 'state' | 'extras'>): LadderAsOf {
    const ladder = new LadderAsOf(deserializeState(snapshot.state));
    const extras = JSON.parse(snapshot.extras) as SerializedExtras;
    ladder.revision = extras.revision;
    ladder.lineCount = extras.lineCount;
    ladder.lineStart = extras.lineStart;
    for (const [key, value] of extras.eloAfter) ladder.eloAfter.set(key, value);
    return ladder;
  }

  serializeExtras(): string {
    const extras: SerializedExtras = {
      revision: this.revision,
      lineCount: this.lineCount,
      lineStart: this.lineStart,
      eloAfter: [...this.eloAfter.entries()],
    };
    return JSON.stringify(extras);
  }

  /** Folds one event of the ladder stream (any type: an unknown one only moves the revision). */
  applyRow(row: LadderLogRow): void {
    if (isLadderEvent(row)) this.apply({ type: row.type, data: row.data } as LadderEvent, row.position);
    this.revision = row.revision;
  }

  apply(event: LadderEvent, position: number): void {
    this.boards.clear();
    evolve(this.state, event, { position });
    switch (event.type) {
      case 'MatchRecorded':
        this.lineStart[event.data.matchId] = this.lineCount;
        this.lineCount += event.data.participants.length;
        return;
      case 'PlayersMerged':
        this.rethread(event.data.rethreaded.map((r) => ({ ...r, playerId: event.data.primaryId })));
        return;
      case 'MatchVoided':
        this.rethread(event.data.rethreaded);
        return;
      case 'PlayersUnmerged':
        this.rethread(event.data.rethreaded);
        return;
    }
  }

  private rethread(entries: readonly RethreadedEntry[]): void {
    for (const { playerId, matchId, eloAfter } of entries) {
      const player = this.state.players.get(playerId);
      const index = player ? indexOfSorted(player.matchIds, matchId) : -1;
      if (player && index >= 0) this.eloAfter.set(`${matchId}:${player.recordedAs[index]}`, eloAfter);
    }
  }

  private active(): LadderPlayer[] {
    return [...this.state.players.values()].filter((p) => p.mergedInto === null);
  }

  /** The board of a pool, as GET /api/players/leaderboard shows it. */
  leaderboard(pool: 'overall' | number): LeaderboardEntry[] {
    const key = pool === 'overall' ? 0 : pool;
    const ranked = this.boards.get(key);
    if (ranked) return ranked;
    const players = this.active()
      .filter((p) => key === 0 || p.ratings.has(key))
      .map((p) =>
        toPlayer({
          id: p.id,
          discord_id: p.discordId,
          username: p.username,
          elo: p.ratings.get(key) ?? 1000,
          wins: p.totals.wins,
          losses: p.totals.losses,
          total_kills: p.totals.kills,
          total_deaths: p.totals.deaths,
          total_assists: p.totals.assists,
          total_score: p.totals.score,
          total_matches: p.matchIds.length,
          merged_into: null,
        }),
      );
    const board = leaderboardOf(players);
    this.boards.set(key, board);
    return board;
  }

  /** Log positions of the MatchRecorded events a player's history shows; null: no such player then. */
  historyPositions(playerId: number): number[] | null {
    const player = this.state.players.get(playerId);
    if (!player || player.mergedInto !== null) return null;
    return player.matchIds.map((matchId) => this.state.matchPositions[matchId]!);
  }

  /**
   * A player's history, newest first, as GET /api/players/{id}/matches shows it, from the
   * data of its matches (read at historyPositions); null: no such player then.
   */
  history(playerId: number, matches: ReadonlyMap<number, MatchRecorded['data']>): PlayerMatchRecord[] | null {
    const player = this.state.players.get(playerId);
    if (!player || player.mergedInto !== null) return null;
    const wanted = new Set(player.matchIds);
    // Who holds each line of those matches now: a merge or an unmerge may have moved it.
    const owners = new Map<string, LadderPlayer>();
    for (const other of this.active()) {
      other.matchIds.forEach((matchId, i) => {
        if (wanted.has(matchId)) owners.set(`${matchId}:${other.recordedAs[i]}`, other);
      });
    }
    const records: PlayerMatchRecord[] = [];
    for (let i = player.matchIds.length - 1; i >= 0; i--) {
      const matchId = player.matchIds[i]!;
      const data = matches.get(matchId);
      if (!data) throw new Error(`The log has no MatchRecorded of match #${matchId} at position ${this.state.matchPositions[matchId]}`);
      const lines = data.participants.map((line, index) => ({ line, key: `${matchId}:${line.playerId}`, id: this.lineStart[matchId]! + index + 1 }));
      const own = lines.find((l) => l.line.playerId === player.recordedAs[i])!;
      const person = (l: (typeof lines)[number]) => ({ id: owners.get(l.key)!.id, username: owners.get(l.key)!.username });
      const others = lines.filter((l) => l !== own);
      const match: Match = {
        id: matchId,
        createdAt: data.recordedAt,
        mode: data.mode ? { id: data.mode.id, name: data.mode.name } : null,
        winningTeam: data.winningTeam,
        team1Score: data.team1Score,
        team2Score: data.team2Score,
        participants: lines.map((l) => ({ id: l.id, playerId: person(l).id, team: l.line.team, player: { username: person(l).username } })),
      };
      records.push({
        id: own.id,
        won: own.line.won,
        team: own.line.team,
        eloChange: own.line.ratingChange,
        eloAfter: this.eloAfter.get(own.key) ?? own.line.ratingAfter,
        kills: own.line.kills,
        deaths: own.line.deaths,
        assists: own.line.assists,
        score: own.line.score,
        hardpointTime: own.line.hardpointTime,
        captures: own.line.captures,
        plantsDefuses: own.line.plantsDefuses,
        match,
        teammates: others.filter((l) => l.line.team === own.line.team).map(person),
        opponents: others.filter((l) => l.line.team !== own.line.team).map(person),
      });
    }
    return records;
  }
}

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
  private readonly log: TimeTravelLog;
  private readonly snapshots: TimeTravelSnapshots;
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
  /** A snapshot is kept after every this many ladder events. */
  readonly snapshotEvery: number;
  /** Folds done for readers (not the background one that keeps snapshots up). */
  folds = 0;
  lastFold: FoldReport | null = null;

  constructor(
    @Inject(TIME_TRAVEL_KNEX) knex: Knex,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.log = new TimeTravelLog(knex);
    this.snapshots = new TimeTravelSnapshots(knex);
    this.snapshotEvery = config.timeTravelSnapshotEvery;
    this.limiter = new Semaphore(
      config.timeTravelConcurrency,
      config.timeTravelWaitMs,
      () => new ServiceUnavailableError('Time travel is busy right now. Please try again in a moment.'),
    );
    this.cache = config.timeTravelCache > 0 ? new LRUCache<number, LadderAsOf>({ max: config.timeTravelCache }) : null;
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
    await this.foldTo(await this.head(), false);
  }

  /**
   * Folds from the nearest kept snapshot at or before `position`, keeping a snapshot at every
   * `snapshotEvery`-th ladder revision it passes that is not kept yet.
   */
  private async foldTo(position: number, forReader: boolean): Promise<LadderAsOf> {
    const base = await this.snapshots.nearest(position);
    const ladder = base ? LadderAsOf.restore(base) : new LadderAsOf();
    const fromPosition = base?.position ?? 0;
    const kept = await this.snapshots.keptRevisions(fromPosition, position);
    let eventsRead = 0;
    for (;;) {
      const page = await this.log.ladderEvents(ladder.revision, position, PAGE);
      for (const row of page) {
        ladder.applyRow(row);
        eventsRead++;
        if ((row.revision + 1) % this.snapshotEvery === 0 && !kept.has(row.revision)) await this.keep(ladder, row.position);
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
    // Serialised now (the fold moves on); awaited, so a long fold never holds more than one.
    const snapshot = { position, revision: ladder.revision, state: serializeState(ladder.state), extras: ladder.serializeExtras() };
    await this.snapshots.keep(snapshot).catch((error) => this.logger.warn({ err: error, position }, 'time-travel snapshot not kept'));
  }
}
