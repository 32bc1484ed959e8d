import { Inject, Injectable } from '@nestjs/common';
import type { Knex } from 'knex';
import { rankOrder, type EventStore, type MatchRecorded, type Player } from '@team/contracts';
import {
  listModePoolPlayers,
  listPlayers,
  PLAYERS_TABLE,
  playersProjection,
  Projector,
  READ_MODELS_CHECKPOINT,
  readCheckpoint,
  toPlayer,
  type PlayerRow,
} from '@team/projections';
import type { AppConfig } from '../../config.js';
import { APP_CONFIG, EVENT_STORE, READ_KNEX } from '../../infrastructure/tokens.js';
import { RankedBoard } from './ranked-board.js';

// The ladder's read side beside its queries: what the get-* use cases share, kept apart from
// the write side (decide, evolve, repository), which never reads it. Sending a view (ETag,
// 304) is HTTP's business: http/send-view.ts.

/**
 * Up to this many events since the overall board was ranked, only the players they touched are
 * read again; more, and every player is.
 */
export const INCREMENTAL_EVENTS = 256;

/**
 * The ranked players of each pool, kept ready-made until the projector moves on. Reads of
 * the leaderboard, the player list, the top players and the rank distribution all rank the
 * same players in contracts' rank order (RankedBoard); between two matches nothing changes, so they are
 * served from memory with an ETag of the position (If-None-Match answers 304).
 */
@Injectable()
export class RankingCache {
  private readonly boards = new Map<string, Promise<RankedBoard>>();

  /** Whether reads go to a replica, which replays the projector's commits some time after it makes them. */
  private readonly replicated: boolean;
  /** Boards read whole from the read tables (the others were the board before with a few players read again). */
  fullLoads = 0;

  constructor(
    @Inject(READ_KNEX) private readonly knex: Knex,
    @Inject(Projector) private readonly projector: Projector | null,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {
    this.replicated = config.readDatabaseUrl !== null;
  }

  /**
   * The position the read tables this cache reads have reached. The in-process projector's
   * own position is only that when reads use its database: a replica may be behind it, and a
   * board labelled with the primary's position would then stay stale until the next match.
   */
  async position(): Promise<number> {
    const status = this.projector?.status();
    if (status?.active && !this.replicated) return status.position;
    const checkpoint = await readCheckpoint(this.knex, this.projector?.name ?? READ_MODELS_CHECKPOINT);
    return checkpoint?.position ?? 0;
  }

  async board(pool: 'overall' | number): Promise<RankedBoard> {
    const key = String(pool);
    const position = await this.position();
    const cached = this.boards.get(key);
    let previous: RankedBoard | null = null;
    if (cached) {
      const board = await cached.catch(() => null);
      if (board && board.position >= position) return board;
      previous = board;
    }
    // Concurrent misses share one load. A board read after `position` may be fresher than
    // its label, never staler, and the next position replaces it.
    const loading = (async () =>
      (pool === 'overall' && previous ? await this.updatedBoard(previous, position) : null) ?? new RankedBoard(key, position, rankOrder(await this.allPlayers(pool))))();
    this.boards.set(key, loading);
    loading.catch(() => {
      if (this.boards.get(key) === loading) this.boards.delete(key);
    });
    return loading;
  }

  private allPlayers(pool: 'overall' | number): Promise<Player[]> {
    this.fullLoads++;
    return pool === 'overall' ? listPlayers(this.knex) : listModePoolPlayers(this.knex, pool);
  }

  /**
   * The overall board after the events since `previous`: the board before, with the players the
   * recorded matches touched read again (new ones among them) and moved to where they now rank
   * (RankedBoard.withPlayersReplaced). Reading every player after each match cost a read of the
   * whole table per write (0.13 s at 20,000 players, issue 44); this reads eight. Ranking them
   * all again cost a sort and an entry for each of 100,000 players (118 ms at 1M matches); this
   * copies references. Null, to read them all, past INCREMENTAL_EVENTS events or at any other
   * event the players read model applies (a merge, a void, a season's reset, a rename), which
   * can change players a match line does not name.
   */
  private async updatedBoard(previous: RankedBoard, position: number): Promise<RankedBoard | null> {
    const events = (await this.store.readAll(previous.position, INCREMENTAL_EVENTS + 1)).filter((event) => event.position <= position);
    if (events.length > INCREMENTAL_EVENTS) return null;
    const touched = new Set<number>();
    for (const event of events) {
      if (event.type === 'MatchRecorded') for (const line of (event.data as MatchRecorded['data']).participants) touched.add(line.playerId);
      else if (playersProjection.canHandle(event.type)) return null;
    }
    const rows: PlayerRow[] = touched.size === 0 ? [] : await this.knex(PLAYERS_TABLE).whereIn('id', [...touched]).whereNull('merged_into');
    return previous.withPlayersReplaced(position, touched, rows.map(toPlayer));
  }
}
