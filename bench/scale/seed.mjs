// The scale curve's ladders: `matches` matches decided by the ladder's real decider and folded
// by its evolve, written to the log with COPY in large batches: the rows (data, metadata as the
// store's eventMetadata makes it, revisions, positions in order) are those the API writes, at
// about ten times the rate of es_append_batch's row-at-a-time inserts on a busy 2-core machine.
// Beside the matches: modes (two of three matches), three season starts, two voids and a few
// merges. Players join over the first 80% of the log; a core of 1% of them fills half of every
// match's slots, so the busiest players have thousands of matches (about 2,000 at 10k and 100k
// matches, 4,000 at 1M with 100,000 players).
import { randomUUID } from 'node:crypto';
import { MODES } from '../../contracts/dist/index.js';
import { decide } from '../../backend/dist/ladder/ladder.decider.js';
import { evolve } from '../../backend/dist/ladder/ladder.evolve.js';
import { initialLadderState } from '../../backend/dist/ladder/ladder.state.js';
import { eventMetadata } from '../../backend/dist/event-store/event-metadata.js';
import { copyRows } from '../../projections/dist/copy-rows.js';

const EVENT_COLUMNS = ['stream_id', 'revision', 'event_id', 'type', 'schema_version', 'data', 'metadata', 'recorded_at'];

/** Players for a ladder of `matches`: 2,000 at 10k, 20,000 at 100k, 100,000 at 1M. */
export function playersFor(matches) {
  return Math.min(100_000, Math.max(40, Math.round(matches / 5)));
}

/** A small seeded generator (mulberry32): the same ladder on every run. */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const line = (id, i, k) => ({
  discordId: `scale-${id}`,
  username: `Player ${id}`,
  kills: 3 + ((i + k * 7) % 20),
  deaths: 2 + ((i * 3 + k) % 15),
  assists: (i + k) % 9,
  score: 500 + ((i * 11 + k * 131) % 2500),
});

/**
 * The body of match `i` as POST /api/matches takes it (the players are numbered from 0 in the
 * order they join; the ladder gives them ids from 1 in the order it first meets them).
 */
export function matchBody(i, pick) {
  const ids = pick();
  const mode = i % 3 === 0 ? null : MODES[i % MODES.length];
  const limit = mode?.scoreLimit ?? null;
  const team1Wins = i % 2 === 1;
  return {
    mode,
    body: {
      modeId: mode?.id ?? null,
      winningTeam: team1Wins ? 'team1' : 'team2',
      team1Score: limit ? (team1Wins ? limit : limit - 1) : null,
      team2Score: limit ? (team1Wins ? limit - 1 : limit) : null,
      team1: ids.slice(0, 4).map((id, k) => line(id, i, k)),
      team2: ids.slice(4).map((id, k) => line(id, i, k + 4)),
    },
  };
}

/**
 * Chooses the eight players of match `i` of `matches`: two of each team from the core, two
 * from the players who have joined by then.
 */
export function playerPicker(matches, players, random) {
  const core = Math.max(16, Math.round(players / 100));
  return (i) => () => {
    const joined = Math.min(players, Math.max(core + 16, Math.ceil((players * (i + 1)) / (0.8 * matches))));
    const chosen = new Set();
    const take = (range, offset) => {
      for (;;) {
        const id = offset + Math.floor(random() * range);
        if (!chosen.has(id)) return chosen.add(id) && id;
      }
    };
    const ids = [take(core, 0), take(core, 0), take(joined - core, core), take(joined - core, core), take(core, 0), take(core, 0), take(joined - core, core), take(joined - core, core)];
    return ids;
  };
}

/**
 * Decides the ladder of `matches` matches with the ladder's decider and folds each event with
 * its evolve, in log order. Each event goes to `onEvent(event, position, recordedAt, actor)`;
 * `afterBatch` is awaited every `batchMatches` matches. No database: bench/scale/ladder-memory.mjs
 * builds the state this way.
 */
export async function decideLadder(matches, { onEvent = () => {}, afterBatch = async () => {}, batchMatches = 2000, endsAgo = 3 * 86_400_000, log = () => {} } = {}) {
  const players = playersFor(matches);
  const random = seededRandom(matches);
  const pick = playerPicker(matches, players, random);
  const spacingMs = Math.min(60_000, Math.floor((300 * 86_400_000) / matches));
  const start = Date.now() - endsAgo - matches * spacingMs;
  const state = initialLadderState();
  const seasonsAt = new Set([0.25, 0.5, 0.75].map((f) => Math.floor(f * matches)));
  const voidsAt = new Set([0.6, 0.61].map((f) => Math.floor(f * matches)));
  const mergeAt = Math.floor(0.9 * matches);
  const recorded = new Map();
  let position = 0;
  const counts = { matches: 0, seasons: 0, voids: 0, merges: 0 };

  const apply = (command, at, actor = 'public') => {
    const events = decide(command, state, { now: new Date(at) });
    for (const event of events) {
      evolve(state, event, { position: ++position });
      if (event.type === 'MatchRecorded' && voidsAt.size > 0) recorded.set(event.data.matchId, event.data);
    }
    onEvent(events, new Date(at), actor);
    return events;
  };

  for (let i = 0; i < matches; i++) {
    const at = start + i * spacingMs;
    if (seasonsAt.has(i) && i > 0) {
      apply({ type: 'StartSeason', name: `Season ${counts.seasons + 2}`, softResetPercent: 25 }, at, 'admin');
      counts.seasons++;
    }
    if (voidsAt.has(i)) {
      const matchId = Math.max(1, Math.floor(i / 2));
      apply({ type: 'VoidMatch', matchId, reason: 'Scale bench: a wrong lobby', recorded: recorded.get(matchId) ?? null }, at, 'admin');
      counts.voids++;
    }
    if (i === mergeAt) counts.merges += mergeSome(state, apply, at, 5);
    const { body, mode } = matchBody(i, pick(i));
    apply({ type: 'RecordMatch', request: body, mode, statsUsed: true, idempotencyKey: null, requestHash: null }, at);
    counts.matches++;
    if ((i + 1) % batchMatches === 0) await afterBatch();
    if ((i + 1) % 100_000 === 0) log(`  seeded ${i + 1} of ${matches} matches`);
  }
  return { state, head: position, counts };
}

/**
 * Decides the ladder of `matches` matches and writes it to the empty log of `knex`. The matches
 * end `endsAgo` ms before now, one every `spacingMs`, so none is in the idempotency window and a
 * new match comes after all of them. Returns what the measurements need: the head, the busiest
 * players.
 */
export async function seedLadder(knex, matches, { endsAgo = 3 * 86_400_000, batchMatches = 2000, log = () => {} } = {}) {
  let revision = -1;
  let pending = [];

  // One COPY in flight while the next batch is decided: Node and PostgreSQL work at once.
  let writing = Promise.resolve();
  const flush = async () => {
    await writing;
    if (pending.length === 0) return;
    const rows = pending;
    pending = [];
    writing = knex.transaction((trx) => copyRows(trx, 'public.events', EVENT_COLUMNS, rows));
    // Awaited by the next flush; until then a failure must not count as unhandled.
    writing.catch(() => {});
  };
  // One request's events share a correlation id, as an append of one command does.
  const onEvent = (events, recordedAt, actor) => {
    const context = { correlationId: randomUUID(), actor, recordedAt };
    for (const event of events) {
      const id = randomUUID();
      const metadata = eventMetadata({ id, type: event.type, data: event.data }, context);
      pending.push(['ladder', ++revision, id, event.type, 1, JSON.stringify(event.data), JSON.stringify(metadata), recordedAt]);
    }
  };
  const { state, head, counts } = await decideLadder(matches, { onEvent, afterBatch: flush, batchMatches, endsAgo, log });
  await flush();
  await writing;
  // The stream's row follows its events (its guard checks the newest one is there).
  await knex.raw(`INSERT INTO public.streams (stream_id, revision) VALUES ('ladder', ?)`, [revision]);
  return { players: state.players.size, head, revision, counts, busiest: busiestPlayers(state) };
}

/** The two standing players with the most matches, busiest first. */
function busiestPlayers(state) {
  const standing = [...state.players.values()].filter((player) => player.mergedInto === null);
  standing.sort((a, b) => b.lines.length - a.lines.length || a.id - b.id);
  return standing.slice(0, 2).map((player) => ({ id: player.id, matches: player.lines.length }));
}

/** Merges up to `wanted` pairs of late-joining players who never met (the decider refuses others). */
function mergeSome(state, apply, at, wanted) {
  const ids = [...state.players.keys()].sort((a, b) => b - a);
  let merged = 0;
  for (let k = 0; merged < wanted && k + 1 < ids.length && k < 400; k += 2) {
    try {
      apply({ type: 'MergePlayers', primaryId: ids[k + 1], duplicateId: ids[k] }, at, 'admin');
      merged++;
    } catch {
      // They met in a match: the decider refuses the merge; try the next pair.
    }
  }
  return merged;
}
