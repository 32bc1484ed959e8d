/**
 * The game modes a match can be recorded in. Ids are stable: matches and mode pools refer
 * to them. The score limit is the final score that ends a game of that mode; it caps the
 * team score inputs and scales the margin part of the ELO change (docs/elo.md). The API's
 * ModeSchema (api/matches.ts) describes them on the wire.
 */
export const MODES = [
  {
    id: 1,
    name: 'Hardpoint',
    description: 'Teams fight to hold a rotating hill, scoring a point for every second they control it; the first to 250 wins.',
    scoreLimit: 250,
  },
  {
    id: 2,
    name: 'Control',
    description: 'Teams take turns attacking and defending two zones with limited lives, and the first to win 3 rounds wins.',
    scoreLimit: 3,
  },
  {
    id: 3,
    name: 'Search and Destroy',
    description: 'One life per round: attackers plant the bomb or eliminate the defenders, and the first team to win 6 rounds wins.',
    scoreLimit: 6,
  },
];

export type ModeName = 'Hardpoint' | 'Control' | 'Search and Destroy';

/** The per-player stat that only one mode tracks (docs/product.md#screens-and-routes Record Match, #constants-and-limits). */
export type ModeStatKey = 'hardpointTime' | 'captures' | 'plantsDefuses';

const STAT_KEY_BY_MODE: Record<string, ModeStatKey> = {
  hardpoint: 'hardpointTime',
  control: 'captures',
  'search and destroy': 'plantsDefuses',
};

/**
 * Labels of the mode-specific input on the Record Match form, by mode name. Typed by string
 * so that a mode name read from the API indexes it directly (undefined for other modes).
 */
export const MODE_STAT_LABELS: Readonly<Record<string, string>> & Record<ModeName, string> = {
  Hardpoint: 'Time (seconds)',
  Control: 'Captures',
  'Search and Destroy': 'Plants/Defuses',
};

/** Short labels used in a player's match history (docs/product.md#screens-and-routes Player Profile). */
export const MODE_STAT_SHORT_LABELS: Record<ModeStatKey, string> = {
  hardpointTime: 'HP Time',
  captures: 'Captures',
  plantsDefuses: 'P/D',
};

/**
 * Mode names come back from the read side and from user-edited data, so the match ignores
 * case and surrounding spaces rather than failing on "hardpoint ".
 */
export function modeStatKey(modeName: string | null | undefined): ModeStatKey | null {
  if (modeName == null) return null;
  return STAT_KEY_BY_MODE[modeName.trim().toLowerCase()] ?? null;
}

/** The label of the mode's own stat input, or null when the mode tracks none. */
export function modeStatLabel(modeName: string | null | undefined): string | null {
  const key = modeStatKey(modeName);
  if (key === null) return null;
  return MODE_STAT_LABELS[MODES.find((mode) => modeStatKey(mode.name) === key)!.name] ?? null;
}

/** The player's value of the stat the mode tracks, or null when the mode tracks none. */
export function modeStatValue(
  player: Partial<Record<ModeStatKey, number | null>>,
  modeName: string | null | undefined,
): number | null {
  const key = modeStatKey(modeName);
  if (key === null) return null;
  return player[key] ?? null;
}

/** The mode of `modeId` in a list of modes: these, or the API's answer (a Mode each). */
export function findMode<M extends { id: number }>(modes: readonly M[], modeId: number | null | undefined): M | null {
  if (modeId == null) return null;
  return modes.find((mode) => mode.id === modeId) ?? null;
}
