import {
  addTotals,
  isLadderEvent,
  lineTotals,
  rankOrder,
  zeroTotals,
  type LadderEvent,
  type Match,
  type MatchRecorded,
  type Player,
  type PlayerMatchRecord,
  type RethreadedEntry,
  type StatTotals,
} from '@team/contracts';
import { toPlayer, type PlayerRow } from '@team/projections';
import { evolve } from '../../ladder/ladder.evolve.js';
import { deserializeState } from '../../ladder/ladder.snapshot.js';
import { RankedBoard } from '../read-side/ranked-board.js';
import { initialLadderState, type LadderPlayer, type LadderState } from '../../ladder/ladder.state.js';
import type { LadderLogRow } from './time-travel-log.js';
import type { KeptSnapshot } from '../../ladder/ladder-snapshot-store.js';

// One point of time travel: the ladder folded with the aggregate's own evolve up to a
// position of the log, and shown in the read side's shapes (ladder-time-travel.ts finds,
// caches and folds the points).

/** A player's share of a point's memory beside its lines: see LadderAsOf.approximateBytes. */
const BYTES_PER_PLAYER = 2200;

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
  /** Boards already ranked (and their views serialised), by pool key: a cached point is read many times. */
  private readonly boards = new Map<number, RankedBoard>();

  constructor(readonly state: LadderState = initialLadderState()) {}

  /**
   * About how much memory this point holds, for the cache's bound (TIME_TRAVEL_CACHE_MB): its
   * players' lines, a player's objects (measured on the 1,000,000-match ladder's heap: about
   * 1.6 KB each) and its overall board's entries and view (about 0.6 KB a player), and what the
   * history pages keep beside them.
   */
  approximateBytes(): number {
    let lines = 0;
    for (const player of this.state.players.values()) lines += player.lines.bytes().byteLength;
    return lines + this.state.players.size * BYTES_PER_PLAYER + this.lineStart.length * 8 + this.eloAfter.size * 64;
  }

  /** The point a kept snapshot holds. `adopt`: the caller gives up the snapshot's lines (see deserializeState). */
  static restore(snapshot: Pick<KeptSnapshot, 'state' | 'lines' | 'extras'>, adopt = false): LadderAsOf {
    const ladder = new LadderAsOf(deserializeState(snapshot, adopt));
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
      const index = player ? player.lines.indexOf(matchId) : -1;
      if (player && index >= 0) this.eloAfter.set(`${matchId}:${player.lines.recordedAs(index)}`, eloAfter);
    }
  }

  private active(): LadderPlayer[] {
    return [...this.state.players.values()].filter((p) => p.mergedInto === null);
  }

  /**
   * The ranked board of the overall pool at this point, with its views: their ETags name the
   * ladder revision folded (`asof-r…`), which a live board's projector position never looks
   * like. A mode's board needs its matches' lines: see modeBoard.
   */
  overallBoard(): RankedBoard {
    const ranked = this.boards.get(0);
    if (ranked) return ranked;
    const players = this.active().map((p) =>
      toPlayer(playerRow(p, p.ratings.get(0) ?? 1000, p.totals, p.lines.length)),
    );
    return this.keepBoard(0, players);
  }

  /** A mode's board at this point, if already ranked (then no match needs reading). */
  rankedModeBoard(modeId: number): RankedBoard | undefined {
    return this.boards.get(modeId);
  }

  /** Log positions of the counted matches of a mode at this point: what modeBoard reads. */
  modeMatchPositions(modeId: number): number[] {
    const matchIds = new Set<number>();
    for (const player of this.active()) {
      for (const { pool, matchId } of player.lines) if (pool === modeId) matchIds.add(matchId);
    }
    return [...matchIds].map((matchId) => this.state.matchPositions[matchId]!);
  }

  /**
   * A mode's board at this point: the players who played it, each with the mode's rating and
   * totals over its own lines in that mode (read from the matches at modeMatchPositions), as
   * the live mode board sums them.
   */
  modeBoard(modeId: number, matches: ReadonlyMap<number, MatchRecorded['data']>): RankedBoard {
    const ranked = this.boards.get(modeId);
    if (ranked) return ranked;
    const players = this.active()
      .filter((p) => p.ratings.has(modeId))
      .map((p) => {
        const totals = zeroTotals();
        let count = 0;
        for (const { pool, matchId, recordedAs } of p.lines) {
          if (pool !== modeId) continue;
          const data = matches.get(matchId);
          if (!data) throw new Error(`The log has no MatchRecorded of match #${matchId} at position ${this.state.matchPositions[matchId]}`);
          const line = data.participants.find((l) => l.playerId === recordedAs)!;
          addTotals(totals, lineTotals(line));
          count++;
        }
        return toPlayer(playerRow(p, p.ratings.get(modeId)!, totals, count));
      });
    return this.keepBoard(modeId, players);
  }

  private keepBoard(key: number, players: Player[]): RankedBoard {
    const board = new RankedBoard(key === 0 ? 'overall' : String(key), this.revision, rankOrder(players), `asof-r${this.revision}`);
    this.boards.set(key, board);
    return board;
  }

  /** Log positions of the MatchRecorded events a player's history shows; null: no such player then. */
  historyPositions(playerId: number): number[] | null {
    const player = this.state.players.get(playerId);
    if (!player || player.mergedInto !== null) return null;
    return player.lines.matchIds().map((matchId) => this.state.matchPositions[matchId]!);
  }

  /**
   * A player's history, newest first, as GET /api/players/{id}/matches shows it, from the
   * data of its matches (read at historyPositions); null: no such player then.
   */
  history(playerId: number, matches: ReadonlyMap<number, MatchRecorded['data']>): PlayerMatchRecord[] | null {
    const player = this.state.players.get(playerId);
    if (!player || player.mergedInto !== null) return null;
    const wanted = new Set(player.lines.matchIds());
    // Who holds each line of those matches now: a merge or an unmerge may have moved it.
    const owners = new Map<string, LadderPlayer>();
    for (const other of this.active()) {
      for (const { matchId, recordedAs } of other.lines) if (wanted.has(matchId)) owners.set(`${matchId}:${recordedAs}`, other);
    }
    const records: PlayerMatchRecord[] = [];
    for (let i = player.lines.length - 1; i >= 0; i--) {
      const matchId = player.lines.matchId(i);
      const data = matches.get(matchId);
      if (!data) throw new Error(`The log has no MatchRecorded of match #${matchId} at position ${this.state.matchPositions[matchId]}`);
      const lines = data.participants.map((line, index) => ({ line, key: `${matchId}:${line.playerId}`, id: this.lineStart[matchId]! + index + 1 }));
      const own = lines.find((l) => l.line.playerId === player.lines.recordedAs(i))!;
      const person = (l: (typeof lines)[number]) => ({ id: owners.get(l.key)!.id, username: owners.get(l.key)!.username });
      const others = lines.filter((l) => l !== own);
      const match: Match = {
        id: matchId,
        createdAt: data.playedAt ?? data.recordedAt,
        mode: data.mode ? { id: data.mode.id, name: data.mode.name } : null,
        winningTeam: data.winningTeam,
        team1Score: data.team1Score,
        team2Score: data.team2Score,
        map: data.map ?? null,
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

/** A player's columns of a read-model row, with the given rating. */
/**
 * A player's read-model row at this point, as one literal: a spread of two objects into one is
 * V8's slow path (see contracts' rankedEntry), and a board makes a row for every player.
 */
const playerRow = (p: LadderPlayer, elo: number, t: StatTotals, totalMatches: number): PlayerRow => ({
  id: p.id,
  discord_id: p.discordId,
  username: p.username,
  elo,
  merged_into: null,
  wins: t.wins,
  losses: t.losses,
  total_kills: t.kills,
  total_deaths: t.deaths,
  total_assists: t.assists,
  total_score: t.score,
  total_matches: totalMatches,
});
