// Tiers and rank order (docs/product.md#entities, docs/elo.md). The server's leaderboard and rank distribution
// and the client's profile badge all rank with these functions, so they always agree.

import { compareCodeUnits } from '../text/compare-code-units.js';

export interface Tier {
  name: string;
  /** Lowest ELO of the band; null for Vengeful, which is earned by rank, not by ELO. */
  min: number | null;
  /** Highest ELO of the band; null when open-ended. */
  max: number | null;
  /** Solid colour for text and borders. */
  color: string;
  /** CSS background for badges that stand out. */
  gradient?: string;
}

export type EloTier = Tier & { min: number };

/** ELO bands, lowest first. */
export const TIERS: readonly EloTier[] = [
  { name: 'Iron', min: 0, max: 999, color: '#71717a' },
  { name: 'Bronze', min: 1000, max: 1199, color: '#cd7f32' },
  { name: 'Silver', min: 1200, max: 1399, color: '#a8b2bd' },
  { name: 'Gold', min: 1400, max: 1599, color: '#eab308' },
  { name: 'Platinum', min: 1600, max: 1799, color: '#22d3ee' },
  {
    name: 'Master',
    min: 1800,
    max: null,
    color: '#a855f7',
    gradient: 'linear-gradient(135deg, #a855f7 0%, #6366f1 100%)',
  },
];

export const VENGEFUL_TIER: Tier = {
  name: 'Vengeful',
  min: null,
  max: null,
  color: '#dc2626',
  gradient: 'linear-gradient(135deg, #dc2626 0%, #f97316 50%, #7c3aed 100%)',
};

/** Players ranked this high or better are Vengeful whatever their ELO. */
export const VENGEFUL_MAX_RANK = 5;

/** Every tier, best first: the order a rank distribution is shown in. */
export const TIER_NAMES: string[] = [VENGEFUL_TIER.name, ...TIERS.map((tier) => tier.name).reverse()];

const PODIUM_MEDALS = ['gold', 'silver', 'bronze'] as const;
export type PodiumMedal = (typeof PODIUM_MEDALS)[number];

export interface RankKey {
  id: number;
  elo: number;
  wins: number;
  username: string;
}

export type Ranked<T> = T & { rank: number; tier: string };

// A fixed locale, not the runtime's default, so that a browser and the server sort the
// same names the same way. Made on first use, and only for names outside printable ASCII
// (below): a browser's first Intl object loads its locale data, 344 ms of a shared profile
// link's main thread in Chromium at 4x CPU slowdown (Lighthouse's phone) on this machine.
let collators: { caseless: Intl.Collator; exact: Intl.Collator } | undefined;
function nameCollators() {
  return (collators ??= { caseless: new Intl.Collator('en', { sensitivity: 'accent' }), exact: new Intl.Collator('en', { sensitivity: 'variant' }) });
}

/**
 * Printable ASCII in the order those collators put it, each letter standing for its capital
 * too (ICU's root collation, which 'en' uses unchanged: punctuation, symbols, digits, then
 * letters). ranking.unit.spec.ts checks it against the collators.
 */
const ASCII_COLLATION_ORDER = ' _-,;:!?.\'"()[]{}@*/\\&#%`^+<=>|~$0123456789abcdefghijklmnopqrstuvwxyz';
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Each printable ASCII character's place in ASCII_COLLATION_ORDER, capitals with their letter. */
const ASCII_WEIGHTS = (() => {
  const weights = new Uint8Array(128);
  for (let i = 0; i < ASCII_COLLATION_ORDER.length; i++) {
    const code = ASCII_COLLATION_ORDER.charCodeAt(i);
    weights[code] = i + 1;
    if (code >= 0x61 && code <= 0x7a) weights[code - 0x20] = i + 1;
  }
  return weights;
})();

const isCapital = (code: number) => (code >= 0x41 && code <= 0x5a ? 1 : 0);

/** Two printable ASCII names as the collators compare them: letters ignoring case first, then lowercase before capital. */
function compareAsciiNames(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const difference = ASCII_WEIGHTS[a.charCodeAt(i)]! - ASCII_WEIGHTS[b.charCodeAt(i)]!;
    if (difference !== 0) return Math.sign(difference);
  }
  if (a.length !== b.length) return Math.sign(a.length - b.length);
  for (let i = 0; i < length; i++) {
    const difference = isCapital(a.charCodeAt(i)) - isCapital(b.charCodeAt(i));
    if (difference !== 0) return difference;
  }
  return 0;
}

/** Usernames in rank order: ignoring case first, then exactly (the collators' order for every name). */
export function compareNames(a: string, b: string): number {
  if (PRINTABLE_ASCII.test(a) && PRINTABLE_ASCII.test(b)) return compareAsciiNames(a, b);
  const { caseless, exact } = nameCollators();
  return caseless.compare(a, b) || exact.compare(a, b);
}

/**
 * Rank order: ELO desc, wins desc, username asc (ignoring case first, then exactly), id asc.
 * The id makes it total, so equal players never swap places between two reads.
 */
export function compareRank(a: RankKey, b: RankKey): number {
  return b.elo - a.elo || b.wins - a.wins || compareNames(a.username, b.username) || compareCodeUnits(a.username, b.username) || a.id - b.id;
}

/** The band an ELO falls in; below 0 (never stored) counts as Iron. */
export function tierForElo(elo: number): EloTier {
  let found = TIERS[0]!;
  for (const tier of TIERS) if (elo >= tier.min) found = tier;
  return found;
}

/** The tier to show: Vengeful for ranks 1–5 (ranks are 1-based), else the ELO band. */
export function tierFor(elo: number, rank: number | null | undefined): Tier {
  if (rank != null && rank >= 1 && rank <= VENGEFUL_MAX_RANK) return VENGEFUL_TIER;
  return tierForElo(elo);
}

/** Players sorted into rank order, each with its 1-based rank and tier name. */
export function rankPlayers<T extends RankKey>(players: readonly T[]): Ranked<T>[] {
  return rankOrder(players).map(rankedEntry);
}

/** A copy of `players` in rank order (compareRank). */
export function rankOrder<T extends RankKey>(players: readonly T[]): T[] {
  return [...players].sort(compareRank);
}

/**
 * The player at 0-based `place` of a board in rank order, with its rank and tier. Made with
 * Object.assign: `{ ...player, rank, tier }` gave each entry a hidden class of its own (V8
 * builds such a literal with dictionary properties), 81 MB and 720 ms for 100,000 entries
 * against 28 MB and 110 ms (docs/performance.md, "Scale curve").
 */
export function rankedEntry<T extends RankKey>(player: T, place: number): Ranked<T> {
  return Object.assign({}, player, { rank: place + 1, tier: tierFor(player.elo, place + 1).name });
}

/** Tier name → number of players, every tier present (zeros included), counted as tierFor after ranking. */
export function rankDistribution(players: readonly RankKey[]): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(TIER_NAMES.map((name) => [name, 0]));
  for (const player of rankPlayers(players)) counts[player.tier] = (counts[player.tier] ?? 0) + 1;
  return counts;
}

/** The podium badge of the top three (docs/product.md#entities). */
export function podiumMedal(rank: number): PodiumMedal | null {
  return Number.isInteger(rank) && rank >= 1 && rank <= PODIUM_MEDALS.length ? PODIUM_MEDALS[rank - 1]! : null;
}
