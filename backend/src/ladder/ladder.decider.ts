import {
  computeEloChanges,
  mergedRating,
  modeStatValue,
  START_RATING,
  textProblem,
  type Mode,
  type RecordMatchRequest,
  type RecordMatchResponse,
  type TeamId,
} from '@team/contracts';
import { ConflictError, InvalidInputError, NotFoundError } from '../shared/domain-errors.js';
import type {
  LadderEvent,
  LadderTotals,
  MatchParticipantRecorded,
  MatchRecorded,
  MatchVoided,
  MatchVoidedParticipant,
  PlayersMerged,
  PlayersUnmerged,
  PoolId,
  PoolMerge,
  PoolUnmerge,
  RethreadedEntry,
} from './ladder.events.js';

// The ladder aggregate as a pure decider (DESIGN §5–7): decide turns a command and the
// state into events or a domain error; evolve folds an event into the state.

/** Internal pool key: 0 is the overall pool, a mode's id its own (mode ids start at 1). */
type PoolKey = number;
const OVERALL: PoolKey = 0;

export const toPoolKey = (pool: PoolId): PoolKey => (pool === 'overall' ? OVERALL : pool);
export const toPoolId = (key: PoolKey): PoolId => (key === OVERALL ? 'overall' : key);

/** The sums the players read model keeps per account (matches are the history's length). */
export interface StatTotals {
  wins: number;
  losses: number;
  kills: number;
  deaths: number;
  assists: number;
  score: number;
}

export const zeroTotals = (): StatTotals => ({ wins: 0, losses: 0, kills: 0, deaths: 0, assists: 0, score: 0 });

/** What one participant line adds to its owner's totals (a blank K/D counts 0). */
function lineTotals(line: { won: boolean; kills: number | null; deaths: number | null; assists: number; score: number }): StatTotals {
  return {
    wins: line.won ? 1 : 0,
    losses: line.won ? 0 : 1,
    kills: line.kills ?? 0,
    deaths: line.deaths ?? 0,
    assists: line.assists,
    score: line.score,
  };
}

function addTotals(target: StatTotals, delta: StatTotals, sign: 1 | -1): void {
  target.wins += sign * delta.wins;
  target.losses += sign * delta.losses;
  target.kills += sign * delta.kills;
  target.deaths += sign * delta.deaths;
  target.assists += sign * delta.assists;
  target.score += sign * delta.score;
}

/**
 * A merge that still stands, kept on the primary so it can be reverted. The duplicate's
 * part of the merged account is tracked as later events change it.
 */
export interface MergeRecord {
  duplicateId: number;
  /** The duplicate's Discord IDs at the merge: a match recorded with one since is the duplicate's. */
  discordIds: string[];
  /** The last username given with those Discord IDs. */
  username: string;
  /** The last username given with the primary's own Discord IDs: its name again after a revert. */
  primaryUsername: string;
  /** The duplicate's matches in the merged history, ascending: brought in or recorded with its IDs since, less voided ones. */
  matchIds: number[];
  /**
   * Per pool, the duplicate's part of the merged rating above START_RATING: its rating at the
   * merge − START_RATING, plus the changes of its matches since, less those voided.
   */
  share: Map<PoolKey, number>;
  /** The duplicate's part of the merged totals. */
  totals: StatTotals;
}

export interface LadderPlayer {
  id: number;
  /** The Discord ID the player was created with. */
  discordId: string;
  /** Its own Discord ID and those of accounts merged into it: all resolve to this player. */
  discordIds: string[];
  username: string;
  /** Set on a tombstone: the player this account was merged into. */
  mergedInto: number | null;
  /** Current rating per pool; a pool never played is absent (START_RATING). */
  ratings: Map<PoolKey, number>;
  /**
   * The player's matches in time order, as three parallel arrays (compact for 100,000s of
   * entries): match id, pool, rating change. Merges need them to refuse accounts that met
   * in one match and to re-thread ELO-after values.
   */
  matchIds: number[];
  pools: PoolKey[];
  changes: number[];
  /**
   * Parallel to matchIds: the player id the line was recorded under (a merge or an unmerge
   * moves lines between accounts; the match's event still names the recording one).
   */
  recordedAs: number[];
  /** Sums over the history: what the read model shows, so a fold of the log can show it too. */
  totals: StatTotals;
  /** Merges into this player that still stand, oldest first. */
  absorbed: MergeRecord[];
}

export interface IdempotentAnswer {
  requestHash: string | null;
  response: RecordMatchResponse;
  /** When its match was recorded (epoch ms): the answer stands for the idempotency window from then. */
  recordedAt: number;
}

/** How long a repeated Idempotency-Key gets its first answer (IDEMPOTENCY_WINDOW_HOURS). */
export const DEFAULT_IDEMPOTENCY_WINDOW_MS = 24 * 3_600_000;

export interface LadderState {
  nextPlayerId: number;
  nextMatchId: number;
  players: Map<number, LadderPlayer>;
  /** Every known Discord ID, aliases of merged accounts included → the player that counts. */
  playerIdByDiscordId: Map<string, number>;
  /**
   * Idempotency-Key → the answer its first request got, oldest first. Only the keys of the
   * idempotency window are needed: the repository evicts older ones (evictAnswers), and
   * snapshots leave them out (a restart reads the window's events again).
   */
  answers: Map<string, IdempotentAnswer>;
  /** Ids of voided matches. */
  voided: Set<number>;
  /**
   * Global log position of each match's MatchRecorded, by match id: a void reads the match's
   * stats from the log rather than keeping every line's stats in memory.
   */
  matchPositions: number[];
  /** `primaryId>duplicateId` of merges reverted (and not merged again since). */
  reverted: Set<string>;
}

export function initialLadderState(): LadderState {
  return {
    nextPlayerId: 1,
    nextMatchId: 1,
    players: new Map(),
    playerIdByDiscordId: new Map(),
    answers: new Map(),
    voided: new Set(),
    // Match ids start at 1; index 0 is filled so the list stays dense (and its JSON exact).
    matchPositions: [0],
    reverted: new Set(),
  };
}

const mergeKey = (primaryId: number, duplicateId: number) => `${primaryId}>${duplicateId}`;

/** Index of `value` in an ascending list, or −1. */
export function indexOfSorted(list: readonly number[], value: number): number {
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = list[mid]!;
    if (at === value) return mid;
    if (at < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

export interface RecordMatch {
  type: 'RecordMatch';
  /** Validated by validateRecordMatch. */
  request: RecordMatchRequest;
  mode: Mode | null;
  statsUsed: boolean;
  idempotencyKey: string | null;
  requestHash: string | null;
}

export interface MergePlayers {
  type: 'MergePlayers';
  primaryId: number;
  duplicateId: number;
}

/** Most characters of a void's reason. */
export const MAX_VOID_REASON_LENGTH = 500;

export interface VoidMatch {
  type: 'VoidMatch';
  matchId: number;
  reason: string;
  /** The match as its MatchRecorded says (read from the log), or null when there is none. */
  recorded: MatchRecorded['data'] | null;
}

export interface UnmergePlayers {
  type: 'UnmergePlayers';
  primaryId: number;
  duplicateId: number;
}

export type LadderCommand = RecordMatch | MergePlayers | VoidMatch | UnmergePlayers;

export interface DecideContext {
  /** The injected clock's time of the decision. */
  now: Date;
  /** An Idempotency-Key's answer stands this long after its match; default 24 hours. */
  idempotencyWindowMs?: number;
}

export function decide(command: LadderCommand, state: LadderState, context: DecideContext): LadderEvent[] {
  switch (command.type) {
    case 'RecordMatch':
      return decideRecordMatch(command, state, context);
    case 'MergePlayers':
      return decideMergePlayers(command, state, context);
    case 'VoidMatch':
      return decideVoidMatch(command, state, context);
    case 'UnmergePlayers':
      return decideUnmergePlayers(command, state, context);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown ladder command ${(unknown as { type: string }).type}`);
    }
  }
}

function decideRecordMatch(
  command: RecordMatch,
  state: LadderState,
  { now, idempotencyWindowMs = DEFAULT_IDEMPOTENCY_WINDOW_MS }: DecideContext,
): LadderEvent[] {
  if (command.idempotencyKey !== null) {
    const prior = state.answers.get(command.idempotencyKey);
    // Past the window a key is forgotten: the request is a new match, whatever it asks.
    if (prior && prior.recordedAt > now.getTime() - idempotencyWindowMs) {
      if (prior.requestHash !== command.requestHash) {
        throw new ConflictError('This Idempotency-Key was already used for a different match. Use a new key for a new match.');
      }
      // A repeat: the first answer stands and nothing is appended.
      return [];
    }
  }

  const { request, mode, statsUsed } = command;
  const pool: PoolId = mode ? mode.id : 'overall';
  const poolKey = toPoolKey(pool);
  let nextPlayerId = state.nextPlayerId;
  const entries = [
    ...request.team1.map((player) => ({ team: 'team1' as TeamId, player })),
    ...request.team2.map((player) => ({ team: 'team2' as TeamId, player })),
  ].map(({ team, player }) => {
    const knownId = state.playerIdByDiscordId.get(player.discordId);
    const known = knownId === undefined ? undefined : state.players.get(knownId);
    return {
      team,
      player,
      playerId: knownId ?? nextPlayerId++,
      newPlayer: knownId === undefined,
      rating: known?.ratings.get(poolKey) ?? START_RATING,
    };
  });

  // Two different Discord IDs can still be one player once accounts were merged.
  const seen = new Map<number, string>();
  for (const entry of entries) {
    const earlier = seen.get(entry.playerId);
    if (earlier !== undefined) {
      const owner = state.players.get(entry.playerId)!;
      throw new InvalidInputError(
        `Discord IDs ${earlier} and ${entry.player.discordId} belong to the same player (${owner.username}, merged accounts).`,
        [`${earlier} and ${entry.player.discordId} both resolve to player ${owner.id}.`],
      );
    }
    seen.set(entry.playerId, entry.player.discordId);
  }

  const changes = computeEloChanges({
    winningTeam: request.winningTeam,
    team1Score: request.team1Score ?? null,
    team2Score: request.team2Score ?? null,
    scoreLimit: mode?.scoreLimit ?? null,
    statsUsed,
    participants: entries.map((entry, i) => ({
      key: i,
      team: entry.team,
      rating: entry.rating,
      kills: entry.player.kills,
      deaths: entry.player.deaths,
      assists: entry.player.assists,
      score: entry.player.score,
      modeStat: mode ? modeStatValue(entry.player, mode.name) : null,
    })),
  });

  const participants = entries.map((entry, i): MatchParticipantRecorded => {
    const change = changes[i]!;
    const p = entry.player;
    return {
      playerId: entry.playerId,
      newPlayer: entry.newPlayer,
      discordId: p.discordId,
      username: p.username,
      team: entry.team,
      won: entry.team === request.winningTeam,
      kills: statsUsed ? p.kills : null,
      deaths: statsUsed ? p.deaths : null,
      assists: p.assists,
      score: p.score,
      hardpointTime: p.hardpointTime ?? null,
      captures: p.captures ?? null,
      plantsDefuses: p.plantsDefuses ?? null,
      ratingBefore: change.ratingBefore,
      ratingChange: change.ratingChange,
      ratingAfter: change.ratingAfter,
    };
  });

  return [
    {
      type: 'MatchRecorded',
      data: {
        matchId: state.nextMatchId,
        recordedAt: now.toISOString(),
        mode: mode ? { id: mode.id, name: mode.name, scoreLimit: mode.scoreLimit ?? null } : null,
        pool,
        winningTeam: request.winningTeam,
        team1Score: request.team1Score ?? null,
        team2Score: request.team2Score ?? null,
        statsUsed,
        idempotencyKey: command.idempotencyKey,
        requestHash: command.requestHash,
        participants,
      },
    },
  ];
}

function label(player: LadderPlayer): string {
  return `${player.username} (#${player.id})`;
}

/** The first match id two ascending lists share, or null. */
function firstCommonMatch(a: readonly number[], b: readonly number[]): number | null {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) return a[i]!;
    if (a[i]! < b[j]!) i++;
    else j++;
  }
  return null;
}

function decideMergePlayers(command: MergePlayers, state: LadderState, { now }: DecideContext): LadderEvent[] {
  const { primaryId, duplicateId } = command;
  if (primaryId === duplicateId) throw new InvalidInputError('A player cannot be merged into itself.');
  const primary = state.players.get(primaryId);
  if (!primary) throw new NotFoundError(`Player ${primaryId} not found.`);
  const duplicate = state.players.get(duplicateId);
  if (!duplicate) throw new NotFoundError(`Player ${duplicateId} not found.`);
  for (const player of [primary, duplicate]) {
    if (player.mergedInto !== null) {
      throw new ConflictError(`${label(player)} was already merged into player #${player.mergedInto}.`);
    }
  }
  const shared = firstCommonMatch(primary.matchIds, duplicate.matchIds);
  if (shared !== null) {
    throw new ConflictError(
      `${label(primary)} and ${label(duplicate)} both played in match #${shared}, so they cannot be the same person.`,
    );
  }

  // Only pools the duplicate played in change; elsewhere primary + 1000 − 1000 = primary.
  const ratings: PoolMerge[] = [...duplicate.ratings.entries()]
    .sort(([a], [b]) => a - b)
    .map(([key, duplicateBefore]) => {
      const primaryBefore = primary.ratings.get(key) ?? START_RATING;
      return { pool: toPoolId(key), primaryBefore, duplicateBefore, after: mergedRating(primaryBefore, duplicateBefore) };
    });

  return [
    {
      type: 'PlayersMerged',
      data: {
        primaryId,
        duplicateId,
        recordedAt: now.toISOString(),
        primary: { discordId: primary.discordId, username: primary.username },
        duplicate: { discordId: duplicate.discordId, username: duplicate.username },
        movedMatchIds: [...duplicate.matchIds],
        ratings,
        rethreaded: rethread(primary, duplicate, new Set(ratings.map((r) => toPoolKey(r.pool)))),
      },
    },
  ];
}

/**
 * The merged history's ELO-after values: in each affected pool, START_RATING plus the running
 * sum of both accounts' changes in match order (never below 0, like a rating). Ids are
 * sequential in the stream, so match id order is time order.
 */
function rethread(primary: LadderPlayer, duplicate: LadderPlayer, affected: ReadonlySet<PoolKey>): PlayersMerged['data']['rethreaded'] {
  const merged = mergeHistories(primary, duplicate);
  const running = new Map<PoolKey, number>();
  const duplicateSeen = new Set<PoolKey>();
  const out: PlayersMerged['data']['rethreaded'] = [];
  for (const entry of merged) {
    if (!affected.has(entry.pool)) continue;
    const sum = (running.get(entry.pool) ?? START_RATING) + entry.change;
    running.set(entry.pool, sum);
    if (entry.fromDuplicate) duplicateSeen.add(entry.pool);
    // Before the duplicate's first match in a pool, the primary's values are already right.
    if (entry.fromDuplicate || duplicateSeen.has(entry.pool)) out.push({ matchId: entry.matchId, eloAfter: Math.max(0, sum) });
  }
  return out;
}

interface HistoryEntry {
  matchId: number;
  pool: PoolKey;
  change: number;
  recordedAs: number;
  fromDuplicate: boolean;
}

function historyOf(player: LadderPlayer, fromDuplicate: boolean): HistoryEntry[] {
  return player.matchIds.map((matchId, i) => ({
    matchId,
    pool: player.pools[i]!,
    change: player.changes[i]!,
    recordedAs: player.recordedAs[i]!,
    fromDuplicate,
  }));
}

function setHistory(player: LadderPlayer, entries: readonly HistoryEntry[]): void {
  player.matchIds = entries.map((e) => e.matchId);
  player.pools = entries.map((e) => e.pool);
  player.changes = entries.map((e) => e.change);
  player.recordedAs = entries.map((e) => e.recordedAs);
}

/**
 * ELO-after values of `entries` (one player's history, in match order) re-threaded as
 * START_RATING plus the running sum of the changes per pool, never below 0; only those
 * `emit` accepts are returned.
 */
function runningEloAfter(
  playerId: number,
  entries: readonly HistoryEntry[],
  emit: (entry: HistoryEntry) => boolean,
): RethreadedEntry[] {
  const running = new Map<PoolKey, number>();
  const out: RethreadedEntry[] = [];
  for (const entry of entries) {
    const sum = (running.get(entry.pool) ?? START_RATING) + entry.change;
    running.set(entry.pool, sum);
    if (emit(entry)) out.push({ playerId, matchId: entry.matchId, eloAfter: Math.max(0, sum) });
  }
  return out;
}

function countInPool(entries: readonly HistoryEntry[], pool: PoolKey): number {
  let n = 0;
  for (const entry of entries) if (entry.pool === pool) n++;
  return n;
}

/**
 * The players whose histories hold `matchId` now, each with the index of that entry. A
 * merge or unmerge moves lines, so the owners are found by scanning: a void is rare, and a
 * binary search per account is cheap beside keeping an owner index for every line.
 */
function ownersOf(state: LadderState, matchId: number): { player: LadderPlayer; index: number }[] {
  const owners: { player: LadderPlayer; index: number }[] = [];
  for (const player of state.players.values()) {
    if (player.mergedInto !== null) continue;
    const index = indexOfSorted(player.matchIds, matchId);
    if (index >= 0) owners.push({ player, index });
  }
  return owners;
}

/**
 * Voiding (DESIGN §7): each line's current owner (after merges) gets the match's change back
 * in the match's pool (never below 0) and loses the line from its totals; later matches keep
 * their changes, and the owners' later ELO-after values in the pool are re-threaded. The
 * match leaves histories and recent matches; a mode pool left without matches is dropped.
 */
function decideVoidMatch(command: VoidMatch, state: LadderState, { now }: DecideContext): LadderEvent[] {
  const unstorable = textProblem(command.reason, { multiline: true });
  if (unstorable) throw new InvalidInputError(`The reason ${unstorable}.`, [`reason: ${unstorable}.`]);
  const reason = command.reason.trim();
  if (reason.length === 0 || reason.length > MAX_VOID_REASON_LENGTH) {
    throw new InvalidInputError(`A reason is required to void a match (1 to ${MAX_VOID_REASON_LENGTH} characters).`, [
      reason.length === 0 ? 'reason: missing or blank.' : `reason: ${reason.length} characters, at most ${MAX_VOID_REASON_LENGTH}.`,
    ]);
  }
  const { matchId, recorded } = command;
  if (!recorded || recorded.matchId !== matchId || matchId >= state.nextMatchId) {
    throw new NotFoundError(`Match #${matchId} not found.`);
  }
  if (state.voided.has(matchId)) throw new ConflictError(`Match #${matchId} was already voided.`);

  const pool = toPoolKey(recorded.pool);
  // Each line counts for whoever holds it now (a merge moved it to the primary).
  const ownerByRecordedAs = new Map<number, { player: LadderPlayer; index: number }>();
  for (const owner of ownersOf(state, matchId)) ownerByRecordedAs.set(owner.player.recordedAs[owner.index]!, owner);

  const participants: MatchVoidedParticipant[] = [];
  const rethreaded: RethreadedEntry[] = [];
  for (const line of recorded.participants) {
    const owner = ownerByRecordedAs.get(line.playerId);
    if (!owner) throw new Error(`Match #${matchId}: no player holds the line of player ${line.playerId}`);
    const { player, index } = owner;
    const change = player.changes[index]!;
    const ratingBefore = player.ratings.get(pool) ?? START_RATING;
    const ratingAfter = Math.max(0, ratingBefore - change);
    participants.push({
      playerId: player.id,
      won: line.won,
      kills: line.kills,
      deaths: line.deaths,
      assists: line.assists,
      score: line.score,
      ratingBefore,
      ratingChange: ratingAfter - ratingBefore,
      ratingAfter,
    });
    const remaining = historyOf(player, false).filter((e) => e.pool === pool && e.matchId !== matchId);
    rethreaded.push(...runningEloAfter(player.id, remaining, (e) => e.matchId > matchId));
  }

  return [
    {
      type: 'MatchVoided',
      data: { matchId, reason, recordedAt: now.toISOString(), pool: recorded.pool, participants, rethreaded },
    },
  ];
}

/**
 * Reverting a merge: only the newest link of a chain can be undone (the primary must not
 * have been merged into another player since). The duplicate takes back the matches it
 * brought and those recorded with its Discord IDs since (less voided ones), its Discord IDs,
 * its totals, and per pool its rating at the merge plus those later changes; the primary
 * keeps its rating less exactly that share, so no other player's rating moves.
 */
function decideUnmergePlayers(command: UnmergePlayers, state: LadderState, { now }: DecideContext): LadderEvent[] {
  const { primaryId, duplicateId } = command;
  if (primaryId === duplicateId) throw new InvalidInputError('A player cannot be unmerged from itself.');
  const primary = state.players.get(primaryId);
  if (!primary) throw new NotFoundError(`Player ${primaryId} not found.`);
  const duplicate = state.players.get(duplicateId);
  if (!duplicate) throw new NotFoundError(`Player ${duplicateId} not found.`);
  if (duplicate.mergedInto !== primaryId) {
    if (duplicate.mergedInto === null && state.reverted.has(mergeKey(primaryId, duplicateId))) {
      throw new ConflictError('This merge was already reverted.');
    }
    throw new ConflictError(
      duplicate.mergedInto === null
        ? `${label(duplicate)} was never merged into ${label(primary)}.`
        : `${label(duplicate)} was merged into player #${duplicate.mergedInto}, not #${primaryId}.`,
    );
  }
  // The primary's account, with the duplicate's part in it, now lives on in another player:
  // that later merge depends on this one, so it has to be reverted first.
  if (primary.mergedInto !== null) {
    throw new ConflictError(
      `${label(primary)} was merged into player #${primary.mergedInto} since. Revert that merge first.`,
    );
  }
  const record = primary.absorbed.find((r) => r.duplicateId === duplicateId);
  if (!record) throw new Error(`No merge record of #${duplicateId} on #${primaryId}`);

  const moved = new Set(record.matchIds);
  const history = historyOf(primary, false);
  const back = history.filter((e) => moved.has(e.matchId));
  const kept = history.filter((e) => !moved.has(e.matchId));

  const pools = new Set<PoolKey>([OVERALL, ...record.share.keys(), ...back.map((e) => e.pool)]);
  const ratings: PoolUnmerge[] = [...pools]
    .sort((a, b) => a - b)
    .map((key) => {
      const share = record.share.get(key) ?? 0;
      const primaryBefore = primary.ratings.get(key) ?? START_RATING;
      return {
        pool: toPoolId(key),
        primaryBefore,
        primaryAfter: Math.max(0, primaryBefore - share),
        duplicateAfter: Math.max(0, START_RATING + share),
        primaryMatches: countInPool(kept, key),
        duplicateMatches: countInPool(back, key),
      };
    });

  // The primary's values before the duplicate's first match in a pool are already right.
  const firstMoved = new Map<PoolKey, number>();
  for (const e of back) if (!firstMoved.has(e.pool)) firstMoved.set(e.pool, e.matchId);
  const rethreaded = [
    ...runningEloAfter(primaryId, kept, (e) => firstMoved.has(e.pool) && e.matchId > firstMoved.get(e.pool)!),
    ...runningEloAfter(duplicateId, back, () => true),
  ];

  const duplicateTotals: LadderTotals = { ...record.totals, matches: back.length };
  return [
    {
      type: 'PlayersUnmerged',
      data: {
        primaryId,
        duplicateId,
        recordedAt: now.toISOString(),
        primary: { username: record.primaryUsername },
        duplicate: { discordId: duplicate.discordId, username: record.username, discordIds: [...record.discordIds] },
        movedBackMatchIds: back.map((e) => e.matchId),
        ratings,
        duplicateTotals,
        rethreaded,
      },
    },
  ];
}

function mergeHistories(primary: LadderPlayer, duplicate: LadderPlayer): HistoryEntry[] {
  return [...historyOf(primary, false), ...historyOf(duplicate, true)].sort((a, b) => a.matchId - b.matchId);
}

/** Where an event sits in the global log; the answer to an idempotent repeat reports it. */
export interface EventPosition {
  position: number;
}

/**
 * Folds one event into the state. It mutates and returns the state it is given: the ladder
 * holds every match ever played, and copying it per event would make a replay of 100,000
 * matches quadratic. The repository owns the only live state; tests start from a fresh one.
 */
export function evolve(state: LadderState, event: LadderEvent, at: EventPosition = { position: 0 }): LadderState {
  switch (event.type) {
    case 'MatchRecorded':
      return evolveMatchRecorded(state, event, at);
    case 'PlayersMerged':
      return evolvePlayersMerged(state, event);
    case 'MatchVoided':
      return evolveMatchVoided(state, event);
    case 'PlayersUnmerged':
      return evolvePlayersUnmerged(state, event);
    default: {
      const unknown: never = event;
      throw new Error(`Unknown ladder event ${(unknown as { type: string }).type}`);
    }
  }
}

function evolveMatchRecorded(state: LadderState, { data }: MatchRecorded, at: EventPosition): LadderState {
  const poolKey = toPoolKey(data.pool);
  for (const p of data.participants) {
    let player = state.players.get(p.playerId);
    if (!player) {
      player = {
        id: p.playerId,
        discordId: p.discordId,
        discordIds: [p.discordId],
        username: p.username,
        mergedInto: null,
        ratings: new Map(),
        matchIds: [],
        pools: [],
        changes: [],
        recordedAs: [],
        totals: zeroTotals(),
        absorbed: [],
      };
      state.players.set(player.id, player);
      state.playerIdByDiscordId.set(p.discordId, player.id);
      state.nextPlayerId = Math.max(state.nextPlayerId, player.id + 1);
    }
    player.username = p.username;
    player.ratings.set(poolKey, p.ratingAfter);
    player.matchIds.push(data.matchId);
    player.pools.push(poolKey);
    player.changes.push(p.ratingChange);
    player.recordedAs.push(p.playerId);
    const totals = lineTotals(p);
    addTotals(player.totals, totals, 1);
    // Recorded with a merged-away account's Discord ID: that account's part grows, so a
    // revert of the merge gives this match to it (down the chain, when it had absorbed one too).
    // Every other standing merge on the way sees a name given to its primary.
    for (let holder: LadderPlayer | undefined = player; holder && holder.absorbed.length > 0; ) {
      let next: LadderPlayer | undefined;
      for (const record of holder.absorbed) {
        if (!record.discordIds.includes(p.discordId)) {
          record.primaryUsername = p.username;
          continue;
        }
        record.matchIds.push(data.matchId);
        record.share.set(poolKey, (record.share.get(poolKey) ?? 0) + p.ratingChange);
        record.username = p.username;
        addTotals(record.totals, totals, 1);
        next = state.players.get(record.duplicateId);
      }
      holder = next;
    }
  }
  state.nextMatchId = Math.max(state.nextMatchId, data.matchId + 1);
  state.matchPositions[data.matchId] = at.position;
  rememberAnswer(state, data, at.position);
  return state;
}

/** Keeps the answer of a keyed MatchRecorded, for repeats of its Idempotency-Key. */
export function rememberAnswer(state: LadderState, data: MatchRecorded['data'], position: number): void {
  if (data.idempotencyKey === null) return;
  // Deleted first so a key reused after its window moves to the end: the map stays oldest first.
  state.answers.delete(data.idempotencyKey);
  state.answers.set(data.idempotencyKey, {
    requestHash: data.requestHash,
    response: recordMatchResponse(data, position),
    recordedAt: Date.parse(data.recordedAt),
  });
}

function evolvePlayersMerged(state: LadderState, { data }: PlayersMerged): LadderState {
  const primary = state.players.get(data.primaryId);
  const duplicate = state.players.get(data.duplicateId);
  if (!primary || !duplicate) throw new Error(`PlayersMerged names unknown players ${data.primaryId}, ${data.duplicateId}`);
  primary.absorbed.push({
    duplicateId: duplicate.id,
    discordIds: [...duplicate.discordIds],
    username: duplicate.username,
    primaryUsername: primary.username,
    matchIds: [...duplicate.matchIds],
    share: new Map([...duplicate.ratings].map(([key, rating]) => [key, rating - START_RATING])),
    totals: { ...duplicate.totals },
  });
  state.reverted.delete(mergeKey(primary.id, duplicate.id));
  for (const { pool, after } of data.ratings) primary.ratings.set(toPoolKey(pool), after);
  setHistory(primary, mergeHistories(primary, duplicate));
  addTotals(primary.totals, duplicate.totals, 1);
  for (const discordId of duplicate.discordIds) {
    primary.discordIds.push(discordId);
    state.playerIdByDiscordId.set(discordId, primary.id);
  }
  duplicate.mergedInto = primary.id;
  duplicate.discordIds = [];
  duplicate.ratings = new Map();
  setHistory(duplicate, []);
  duplicate.totals = zeroTotals();
  // The duplicate's own merge records stay with it: reverting this merge brings them back.
  return state;
}

/**
 * The merge records a line concerns, from `player`'s down the chain: the record on the
 * player that matches, then the one on that record's duplicate that matches, and so on.
 */
function recordsOf(state: LadderState, player: LadderPlayer, matches: (record: MergeRecord) => boolean): MergeRecord[] {
  const out: MergeRecord[] = [];
  for (let holder: LadderPlayer | undefined = player; holder; ) {
    const record: MergeRecord | undefined = holder.absorbed.find(matches);
    if (!record) break;
    out.push(record);
    holder = state.players.get(record.duplicateId);
  }
  return out;
}

function evolveMatchVoided(state: LadderState, { data }: MatchVoided): LadderState {
  const pool = toPoolKey(data.pool);
  state.voided.add(data.matchId);
  for (const p of data.participants) {
    const player = state.players.get(p.playerId);
    if (!player) throw new Error(`MatchVoided names unknown player ${p.playerId}`);
    const index = indexOfSorted(player.matchIds, data.matchId);
    if (index < 0) throw new Error(`MatchVoided: player ${p.playerId} has no match #${data.matchId}`);
    const change = player.changes[index]!;
    for (const list of [player.matchIds, player.pools, player.changes, player.recordedAs]) list.splice(index, 1);
    const totals = lineTotals(p);
    addTotals(player.totals, totals, -1);
    // A mode pool counts for a player only while it has matches in it (as on the read side).
    if (pool !== OVERALL && !player.pools.includes(pool)) player.ratings.delete(pool);
    else player.ratings.set(pool, p.ratingAfter);
    for (const record of recordsOf(state, player, (r) => indexOfSorted(r.matchIds, data.matchId) >= 0)) {
      record.matchIds.splice(indexOfSorted(record.matchIds, data.matchId), 1);
      record.share.set(pool, (record.share.get(pool) ?? 0) - change);
      addTotals(record.totals, totals, -1);
    }
  }
  return state;
}

function evolvePlayersUnmerged(state: LadderState, { data }: PlayersUnmerged): LadderState {
  const primary = state.players.get(data.primaryId);
  const duplicate = state.players.get(data.duplicateId);
  if (!primary || !duplicate) throw new Error(`PlayersUnmerged names unknown players ${data.primaryId}, ${data.duplicateId}`);
  const moved = new Set(data.movedBackMatchIds);
  const history = historyOf(primary, false);
  setHistory(primary, history.filter((e) => !moved.has(e.matchId)));
  setHistory(duplicate, history.filter((e) => moved.has(e.matchId)));

  const aliases = new Set(data.duplicate.discordIds);
  primary.discordIds = primary.discordIds.filter((id) => !aliases.has(id));
  duplicate.discordIds = [...data.duplicate.discordIds];
  for (const id of duplicate.discordIds) state.playerIdByDiscordId.set(id, duplicate.id);
  duplicate.username = data.duplicate.username;
  primary.username = data.primary.username;
  duplicate.mergedInto = null;

  for (const r of data.ratings) {
    const key = toPoolKey(r.pool);
    if (key !== OVERALL && r.primaryMatches === 0) primary.ratings.delete(key);
    else primary.ratings.set(key, r.primaryAfter);
    if (key === OVERALL || r.duplicateMatches > 0) duplicate.ratings.set(key, r.duplicateAfter);
  }
  const { matches: _matches, ...totals } = data.duplicateTotals;
  duplicate.totals = { ...totals };
  addTotals(primary.totals, totals, -1);
  primary.absorbed = primary.absorbed.filter((r) => r.duplicateId !== duplicate.id);
  state.reverted.add(mergeKey(primary.id, duplicate.id));
  return state;
}

/**
 * Forgets the Idempotency-Key answers recorded before the window that ends at `now`, so the
 * map holds one window's keys however long the ladder runs. Returns how many it dropped.
 */
export function evictAnswers(state: LadderState, now: Date, windowMs: number): number {
  const cutoff = now.getTime() - windowMs;
  let evicted = 0;
  // Oldest first (see evolve; log order, which is time order up to the clock skew between
  // processes), so the scan stops at the first answer in the window. decide checks the window
  // itself, so an answer kept a little longer never outlives it.
  for (const [key, answer] of state.answers) {
    if (answer.recordedAt > cutoff) break;
    state.answers.delete(key);
    evicted++;
  }
  return evicted;
}

/** The 201 answer of a recorded match, built from its event alone so a repeat gets the same bytes. */
export function recordMatchResponse(data: MatchRecorded['data'], position: number): RecordMatchResponse {
  return {
    matchId: data.matchId,
    position,
    participants: data.participants.map((p) => ({
      playerId: p.playerId,
      username: p.username,
      team: p.team,
      ratingBefore: p.ratingBefore,
      ratingChange: p.ratingChange,
      ratingAfter: p.ratingAfter,
    })),
  };
}
