import type { CommandBus } from '@nestjs/cqrs';
import { findMode, MODES, type AppendContext, type RecordMatchPlayer, type RecordMatchRequest, type RecordMatchResponse } from '@team/contracts';
import { seededRandom } from '../../shared/seeded-random.js';
import type { RecordedKeyLog } from '../runtime/ladder-log.js';
import { RecordMatchCommand } from '../record-match/record-match.command.js';

// Demo data recorded through the same command path as POST /api/matches: the ladder decides
// every rating, so the demo shows exactly what real use would.

export interface SeedDemoOptions {
  /** How many matches to record. */
  matches?: number;
  /** Seed of the pseudo-random choices: the same seed records the same matches. */
  seed?: number;
  /** The last match's time; earlier ones are spread back from it. */
  now?: Date;
  /** The log, to skip the matches an earlier run with this seed recorded (see RecordedKeyLog). */
  log?: RecordedKeyLog;
}

export interface SeedDemoSummary {
  matches: number;
  players: number;
  /** Position of the last event written: wait for the projector to reach it. */
  lastPosition: number;
}

interface RosterEntry {
  discordId: string;
  username: string;
  /** Hidden strength: stronger teams win more often and post better stats. */
  skill: number;
  /** For a second account: the discordId of the first, so the two never meet in one match. */
  duplicateOf?: string;
}

const TAGS = [
  'Viper', 'Ghost', 'Nova', 'Reaper', 'Blaze', 'Frost', 'Havoc', 'Jolt', 'Kestrel', 'Lynx',
  'Mako', 'Nyx', 'Onyx', 'Pyre', 'Quill', 'Rook', 'Sable', 'Talon', 'Umbra', 'Vex',
  'Wraith', 'Xeno', 'Yeti', 'Zephyr',
];

/** Second accounts: the same name typed differently with another Discord ID (docs/product.md#players-and-merges's duplicates). */
const DUPLICATES: { of: string; username: string }[] = [
  { of: 'Viper', username: 'viper' },
  { of: 'Ghost', username: 'GHOST ' },
  { of: 'Nova', username: ' Nova' },
];

function roster(random: () => number): RosterEntry[] {
  const main = TAGS.map((username, i) => ({
    discordId: String(100_000_000_000_000_000n + BigInt(i) * 7_919n),
    username,
    skill: 0.6 + random() * 0.8,
  }));
  const seconds = DUPLICATES.map((d, i) => {
    const first = main.find((m) => m.username === d.of)!;
    return { discordId: String(200_000_000_000_000_000n + BigInt(i) * 104_729n), username: d.username, skill: first.skill, duplicateOf: first.discordId };
  });
  return [...main, ...seconds];
}

/** Picks `count` players of whom no two are accounts of one person. */
function pickPlayers(pool: RosterEntry[], count: number, random: () => number): RosterEntry[] {
  const chosen: RosterEntry[] = [];
  const people = new Set<string>();
  const candidates = [...pool];
  while (chosen.length < count && candidates.length > 0) {
    const [entry] = candidates.splice(Math.floor(random() * candidates.length), 1);
    const person = entry!.duplicateOf ?? entry!.discordId;
    if (people.has(person)) continue;
    people.add(person);
    chosen.push(entry!);
  }
  return chosen;
}

const int = (random: () => number, min: number, max: number) => min + Math.floor(random() * (max - min + 1));

function demoMatch(players: RosterEntry[], random: () => number): RecordMatchRequest {
  const modeId = [null, 1, 2, 3][int(random, 0, 3)]!;
  const perTeam = players.length / 2;
  const team1 = players.slice(0, perTeam);
  const team2 = players.slice(perTeam);
  const strength = (team: RosterEntry[]) => team.reduce((sum, p) => sum + p.skill, 0);
  const winningTeam = random() < strength(team1) / (strength(team1) + strength(team2)) ? 'team1' : 'team2';
  // Most matches are entered with K/D stats; some only with the result (docs/product.md#validation rule 4).
  const withStats = random() < 0.85;
  const line = (p: RosterEntry, won: boolean): RecordMatchPlayer => {
    const form = p.skill * (won ? 1.15 : 0.9);
    const player: RecordMatchPlayer = {
      discordId: p.discordId,
      username: p.username,
      kills: withStats ? Math.max(1, Math.round(int(random, 8, 28) * form)) : 0,
      deaths: withStats ? Math.max(1, Math.round(int(random, 8, 26) / form)) : 0,
      assists: withStats ? int(random, 0, 12) : 0,
      score: withStats ? Math.round(int(random, 900, 4200) * form) : 0,
    };
    if (withStats && modeId === 1) player.hardpointTime = int(random, 15, 140);
    if (withStats && modeId === 2) player.captures = int(random, 0, 6);
    if (withStats && modeId === 3) player.plantsDefuses = int(random, 0, 4);
    return player;
  };
  const limit = findMode(MODES, modeId)?.scoreLimit ?? undefined;
  const loserScore = limit === undefined ? null : int(random, 0, limit - 1);
  return {
    modeId,
    winningTeam,
    team1Score: limit === undefined ? null : winningTeam === 'team1' ? limit : loserScore,
    team2Score: limit === undefined ? null : winningTeam === 'team2' ? limit : loserScore,
    team1: team1.map((p) => line(p, winningTeam === 'team1')),
    team2: team2.map((p) => line(p, winningTeam === 'team2')),
  };
}

/**
 * Records `matches` demo matches (default 300) through the command bus, one after another.
 * Each carries an Idempotency-Key made of the seed and its number; with `log`, a match an
 * earlier run with the same seed recorded is skipped, so a rerun records nothing twice.
 */
export async function seedDemo(commands: Pick<CommandBus, 'execute'>, options: SeedDemoOptions = {}): Promise<SeedDemoSummary> {
  const matches = options.matches ?? 300;
  const seed = options.seed ?? 2024;
  const now = options.now ?? new Date();
  const random = seededRandom(seed);
  const everyone = roster(random);
  const recorded = options.log ? await options.log.recordedKeys(`demo-${seed}-`) : new Set<string>();
  const seen = new Set<string>();
  let lastPosition = 0;
  for (let i = 0; i < matches; i++) {
    const size = [2, 3, 4, 4, 4, 5][int(random, 0, 5)]!;
    const request = demoMatch(pickPlayers(everyone, size * 2, random), random);
    // Spread over the past: one match every three hours up to `now`.
    const context: AppendContext = {
      correlationId: `demo-${seed}-${i}`,
      actor: 'system',
      recordedAt: new Date(now.getTime() - (matches - 1 - i) * 3 * 3_600_000),
    };
    for (const p of [...request.team1, ...request.team2]) seen.add(p.discordId);
    // Drawn all the same, so the matches after it are the ones the first run drew.
    if (recorded.has(`demo-${seed}-${i}`)) continue;
    const response: RecordMatchResponse = await commands.execute(new RecordMatchCommand(request, context, `demo-${seed}-${i}`));
    lastPosition = Math.max(lastPosition, response.position);
  }
  return { matches, players: seen.size, lastPosition };
}
