import { Inject, Injectable } from '@nestjs/common';
import { type EventStore, type LeaderboardEntry, type Match, type PlayerMatchRecord, type RecordedEvent } from '@team/contracts';
import { leaderboardOf, toPlayer } from '@team/projections';
import { EVENT_STORE } from '../infrastructure/tokens.js';
import { InvalidInputError } from '../shared/domain-errors.js';
import { evolve, indexOfSorted, initialLadderState, type LadderPlayer, type LadderState } from './ladder.decider.js';
import { isLadderEvent, LADDER_STREAM, type LadderEvent, type MatchRecorded, type RethreadedEntry } from './ladder.events.js';

// Time travel (audit): the ladder as it stood at a point of the log, folded afresh from the
// events with the decider's evolve, and shown in the read side's shapes. Nothing is cached.

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

/** Events per page while folding. */
const PAGE = 5000;

/** The ladder at a point of the log, with what the history pages need beside the decider's state. */
export class LadderAsOf {
  readonly state: LadderState = initialLadderState();
  /** Matches recorded and not voided, by id. */
  private readonly matches = new Map<number, MatchRecorded['data']>();
  /** By line (`matchId:recorded-as player id`): its ELO-after as the read model holds it, and its row id. */
  private readonly eloAfter = new Map<string, number>();
  private readonly lineIds = new Map<string, number>();
  private lineCount = 0;

  apply(event: LadderEvent, position: number): void {
    evolve(this.state, event, { position });
    switch (event.type) {
      case 'MatchRecorded':
        this.matches.set(event.data.matchId, event.data);
        for (const p of event.data.participants) {
          const key = `${event.data.matchId}:${p.playerId}`;
          this.eloAfter.set(key, p.ratingAfter);
          // The read model numbers lines in log order (a serial id); a fold can only count them.
          this.lineIds.set(key, ++this.lineCount);
        }
        return;
      case 'PlayersMerged':
        this.rethread(event.data.rethreaded.map((r) => ({ ...r, playerId: event.data.primaryId })));
        return;
      case 'MatchVoided':
        this.matches.delete(event.data.matchId);
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
    return leaderboardOf(players);
  }

  /** A player's history, newest first, as GET /api/players/{id}/matches shows it; null: no such player then. */
  history(playerId: number): PlayerMatchRecord[] | null {
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
      const data = this.matches.get(matchId)!;
      const lines = data.participants.map((line) => ({ line, key: `${matchId}:${line.playerId}` }));
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
        participants: lines.map((l) => ({ id: this.lineIds.get(l.key)!, playerId: person(l).id, team: l.line.team, player: { username: person(l).username } })),
      };
      records.push({
        id: this.lineIds.get(own.key)!,
        won: own.line.won,
        team: own.line.team,
        eloChange: own.line.ratingChange,
        eloAfter: this.eloAfter.get(own.key)!,
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

/** Folds the ladder's events up to a point of the log, a page at a time. */
@Injectable()
export class LadderTimeTravel {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async fold(asOf: AsOf): Promise<LadderAsOf> {
    const ladder = new LadderAsOf();
    // Events are taken in log order while they are within the point: for a time, up to the
    // first event recorded after it, so the fold is always a prefix the ladder really passed.
    const within = (event: RecordedEvent) =>
      'position' in asOf ? event.position <= asOf.position : Date.parse(event.metadata.recordedAt) <= asOf.time;
    for (let after = 0; ; ) {
      const page = await this.store.readAll(after, PAGE);
      for (const event of page) {
        if (!within(event)) return ladder;
        if (event.streamId === LADDER_STREAM && isLadderEvent(event)) ladder.apply(event as LadderEvent, event.position);
      }
      if (page.length < PAGE) return ladder;
      after = page[page.length - 1]!.position;
    }
  }
}
