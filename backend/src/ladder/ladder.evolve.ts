import {
  addTotals,
  type LadderEvent,
  lineTotals,
  type MatchRecorded,
  type MatchVoided,
  type PlayerRenamed,
  type PlayersMerged,
  type PlayersUnmerged,
  START_RATING,
  zeroTotals,
} from '@team/contracts';
import { rememberAnswer } from './idempotency-window.js';
import { historyOf, mergeHistories, mergeResets, setHistory, withoutResets } from './ladder.history.js';
import { evolveSeasonRenamed, evolveSeasonStarted } from './ladder.evolve-seasons.js';
import { PlayerLines } from './player-lines.js';
import { indexOfSorted, mergeKey, type LadderPlayer, type LadderState, type MergeRecord } from './ladder.state.js';
import { OVERALL, toPoolKey } from './pool-key.js';

// The ladder's evolve (docs/product.md#aggregates): folds each event into the state that decide reads.

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
    case 'PlayerRenamed':
      return evolvePlayerRenamed(state, event);
    case 'SeasonStarted':
      return evolveSeasonStarted(state, event);
    case 'SeasonRenamed':
      return evolveSeasonRenamed(state, event);
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
        lines: PlayerLines.empty(),
        totals: zeroTotals(),
        absorbed: [],
        resets: [],
      };
      state.players.set(player.id, player);
      state.playerIdByDiscordId.set(p.discordId, player.id);
      state.nextPlayerId = Math.max(state.nextPlayerId, player.id + 1);
    }
    // The typed username named the player above if it is new; an existing one keeps its name
    // (issue 22: only PlayerRenamed renames), in logs recorded before this rule too.
    player.ratings.set(poolKey, p.ratingAfter);
    player.lines.push(data.matchId, poolKey, p.ratingChange, p.playerId);
    const totals = lineTotals(p);
    addTotals(player.totals, totals, 1);
    // Recorded with a merged-away account's Discord ID: that account's part grows, so a
    // revert of the merge gives this match to it (down the chain, when it had absorbed one too).
    // No name changes: a revert gives each account the name it had (or an admin gave it).
    for (let holder: LadderPlayer | undefined = player; holder && holder.absorbed.length > 0; ) {
      let next: LadderPlayer | undefined;
      for (const record of holder.absorbed) {
        if (!record.discordIds.includes(p.discordId)) continue;
        record.matchIds.push(data.matchId);
        record.share.set(poolKey, (record.share.get(poolKey) ?? 0) + p.ratingChange);
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

function evolvePlayersMerged(state: LadderState, { data }: PlayersMerged): LadderState {
  const primary = state.players.get(data.primaryId);
  const duplicate = state.players.get(data.duplicateId);
  if (!primary || !duplicate) throw new Error(`PlayersMerged names unknown players ${data.primaryId}, ${data.duplicateId}`);
  primary.absorbed.push({
    duplicateId: duplicate.id,
    discordIds: [...duplicate.discordIds],
    username: duplicate.username,
    primaryUsername: primary.username,
    matchIds: duplicate.lines.matchIds(),
    share: new Map([...duplicate.ratings].map(([key, rating]) => [key, rating - START_RATING])),
    totals: { ...duplicate.totals },
    resets: [...duplicate.resets],
    resetSince: false,
  });
  primary.resets = mergeResets(primary.resets, duplicate.resets);
  duplicate.resets = [];
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
    const index = player.lines.indexOf(data.matchId);
    if (index < 0) throw new Error(`MatchVoided: player ${p.playerId} has no match #${data.matchId}`);
    const change = player.lines.change(index);
    player.lines.removeAt(index);
    const totals = lineTotals(p);
    addTotals(player.totals, totals, -1);
    // A mode pool counts for a player only while it has matches in it (as on the read side).
    if (pool !== OVERALL && !player.lines.hasPool(pool)) player.ratings.delete(pool);
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
  const record = primary.absorbed.find((r) => r.duplicateId === duplicate.id);
  if (record) {
    primary.resets = withoutResets(primary.resets, record.resets);
    duplicate.resets = [...record.resets];
  }
  primary.absorbed = primary.absorbed.filter((r) => r.duplicateId !== duplicate.id);
  state.reverted.add(mergeKey(primary.id, duplicate.id));
  return state;
}

/** An admin's rename of a standing account: a revert of a merge into it gives it this name back. */
function evolvePlayerRenamed(state: LadderState, { data }: PlayerRenamed): LadderState {
  const player = state.players.get(data.playerId);
  if (!player) throw new Error(`PlayerRenamed names unknown player ${data.playerId}`);
  player.username = data.username;
  for (const record of player.absorbed) record.primaryUsername = data.username;
  return state;
}
