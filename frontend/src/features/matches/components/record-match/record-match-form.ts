import {
  killsDeathsMismatchProblems,
  missingIdentityProblems,
  modeStatKey,
  placed,
  RECORD_MATCH_ERRORS,
  statsAllOrNoneProblems,
  TEAM_LABELS,
  type Mode,
  type ModeStatKey,
  type PlacedPlayer,
  type Problem,
  type RecordMatchPlayer,
  type RecordMatchRequest,
  type RuleViolation,
  type TeamId,
} from '@team/contracts';

/** One player row of the form. `rowId` keys the row in React; it is never sent. */
export interface PlayerRowState {
  rowId: number;
  discordId: string;
  username: string;
  kills: number;
  deaths: number;
  assists: number;
  score: number;
  /** The mode-specific stat (HP time, captures or plants/defuses), when the mode has one. */
  modeStat: number;
}

export type PlayerField = Exclude<keyof PlayerRowState, 'rowId'>;

export interface RecordMatchFormState {
  modeId: number | null;
  winningTeam: TeamId;
  /** No score (null) until its Final Score field is first filled in; from then on a number, 0 for what is no number (docs/product.md#validation). */
  team1Score: number | null;
  team2Score: number | null;
  team1: PlayerRowState[];
  team2: PlayerRowState[];
  /** The map's name as typed; sent trimmed, and only when not blank. */
  map: string;
  /** Next row id; ids only grow so React never reuses a removed row's state. */
  nextRowId: number;
}

export type RecordMatchFormAction =
  | { type: 'setMode'; modeId: number | null }
  | { type: 'setWinner'; team: TeamId }
  | { type: 'setScore'; team: TeamId; score: number }
  | { type: 'setMap'; map: string }
  | { type: 'addPlayer'; team: TeamId }
  | { type: 'removePlayer'; team: TeamId; rowId: number }
  | { type: 'updatePlayer'; team: TeamId; rowId: number; field: PlayerField; value: string | number }
  /** A known player chosen from the lookup: both names of the row at once. */
  | { type: 'pickPlayer'; team: TeamId; rowId: number; discordId: string; username: string }
  | { type: 'reset' }
  /** The next game of a series: `from`'s players, mode and map again, with no stats, scores or winner carried over. */
  | { type: 'again'; from: RecordMatchFormState };

function emptyPlayer(rowId: number): PlayerRowState {
  return { rowId, discordId: '', username: '', kills: 0, deaths: 0, assists: 0, score: 0, modeStat: 0 };
}

/** One empty player per team, winner team1, no mode, no scores (docs/product.md#states-and-transitions). */
export function initialFormState(): RecordMatchFormState {
  return { modeId: null, winningTeam: 'team1', team1Score: null, team2Score: null, team1: [emptyPlayer(1)], team2: [emptyPlayer(2)], map: '', nextRowId: 3 };
}

/** docs/product.md#validation: numeric inputs are whole numbers from 0; anything non-numeric becomes 0. */
export function toCount(value: unknown): number {
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) && number > 0 ? Math.floor(number) : 0;
}

export function recordMatchFormReducer(state: RecordMatchFormState, action: RecordMatchFormAction): RecordMatchFormState {
  switch (action.type) {
    case 'setMode':
      // Scores belong to a mode's limit: a new mode starts without them.
      return { ...state, modeId: action.modeId, team1Score: null, team2Score: null };
    case 'setWinner':
      return { ...state, winningTeam: action.team };
    case 'setScore':
      return { ...state, [`${action.team}Score`]: action.score };
    case 'setMap':
      return { ...state, map: action.map };
    case 'addPlayer':
      return { ...state, [action.team]: [...state[action.team], emptyPlayer(state.nextRowId)], nextRowId: state.nextRowId + 1 };
    case 'removePlayer': {
      const rows = state[action.team];
      // A team keeps at least one player row.
      if (rows.length <= 1) return state;
      return { ...state, [action.team]: rows.filter((row) => row.rowId !== action.rowId) };
    }
    case 'updatePlayer': {
      const value = action.field === 'discordId' || action.field === 'username' ? String(action.value) : toCount(action.value);
      return {
        ...state,
        [action.team]: state[action.team].map((row) => (row.rowId === action.rowId ? { ...row, [action.field]: value } : row)),
      };
    }
    case 'pickPlayer': {
      const { discordId, username } = action;
      return { ...state, [action.team]: state[action.team].map((row) => (row.rowId === action.rowId ? { ...row, discordId, username } : row)) };
    }
    case 'reset':
      return initialFormState();
    case 'again':
      return againWith(action.from, state.nextRowId);
  }
}

/** A fresh form with the players, mode and map of `from`: stats, scores and the winner start over. */
function againWith(from: RecordMatchFormState, firstRowId: number): RecordMatchFormState {
  let nextRowId = firstRowId;
  const rows = (team: TeamId) =>
    from[team].map((row) => ({ ...emptyPlayer(nextRowId++), discordId: row.discordId, username: row.username }));
  const team1 = rows('team1');
  const team2 = rows('team2');
  return { ...initialFormState(), modeId: from.modeId, map: from.map, team1, team2, nextRowId };
}

function toRequestPlayer(row: PlayerRowState, statKey: ModeStatKey | null): RecordMatchPlayer {
  const player: RecordMatchPlayer = {
    discordId: row.discordId.trim(),
    username: row.username.trim(),
    kills: row.kills,
    deaths: row.deaths,
    assists: row.assists,
    score: row.score,
  };
  if (statKey) player[statKey] = row.modeStat;
  return player;
}

/** The POST /api/matches body of the form: scores only when the mode has a limit and both are set; the map only when filled. */
export function toRecordMatchRequest(state: RecordMatchFormState, mode: Mode | null): RecordMatchRequest {
  const statKey = mode ? modeStatKey(mode.name) : null;
  const request: RecordMatchRequest = {
    winningTeam: state.winningTeam,
    team1: state.team1.map((row) => toRequestPlayer(row, statKey)),
    team2: state.team2.map((row) => toRequestPlayer(row, statKey)),
  };
  if (mode) request.modeId = mode.id;
  const map = state.map.trim();
  if (map !== '') request.map = map;
  if (mode?.scoreLimit && state.team1Score != null && state.team2Score != null) {
    request.team1Score = state.team1Score;
    request.team2Score = state.team2Score;
  }
  return request;
}

/** "Team 1, player 2": names a player row for screen readers, the validation marks and the new-ID confirm. */
export function playerRowLabel(team: TeamId, index: number): string {
  return `${TEAM_LABELS[team]}, player ${index + 1}`;
}

/** What a failed docs/product.md#validation rule marks on one player row: the fields at fault and why. */
export interface RowMarks {
  fields: ReadonlySet<PlayerField>;
  messages: readonly string[];
}

type PlayerProblems = (players: readonly PlacedPlayer<RecordMatchPlayer>[]) => Problem[];

/** Each docs/product.md#validation rule's toast (checkRecordMatchForm answers one of these) with the per-field problems behind it. */
const PROBLEMS_OF = new Map<RuleViolation, PlayerProblems>([
  [RECORD_MATCH_ERRORS.missingIdentity, missingIdentityProblems],
  [RECORD_MATCH_ERRORS.statsAllOrNone, statsAllOrNoneProblems],
  [RECORD_MATCH_ERRORS.statsKillsDeathsMismatch, killsDeathsMismatchProblems],
]);

/** "team2[0].kills" names one field; "team2[0]" (rule 2) a row whose kills and deaths are both blank. */
const PROBLEM_PATH = /^(team[12])\[(\d+)\](?:\.(discordId|username|kills|deaths))?$/;

/**
 * The fields `violation`'s rule finds at fault in `request` (the form's, see toRecordMatchRequest),
 * by row id. Checked again on every edit, so a field fixed loses its mark at once.
 */
export function rowMarks(state: RecordMatchFormState, request: RecordMatchRequest, violation: RuleViolation | null): ReadonlyMap<number, RowMarks> {
  const marks = new Map<number, { fields: Set<PlayerField>; messages: string[] }>();
  const problems = violation ? (PROBLEMS_OF.get(violation)?.(placed(request.team1, request.team2)) ?? []) : [];
  for (const { path, message } of problems) {
    const [, team, index, field] = PROBLEM_PATH.exec(path) ?? [];
    const row = team ? state[team as TeamId][Number(index)] : undefined;
    if (!row) continue;
    const mark = marks.get(row.rowId) ?? { fields: new Set<PlayerField>(), messages: [] };
    for (const each of field ? [field as PlayerField] : (['kills', 'deaths'] as const)) mark.fields.add(each);
    if (!mark.messages.includes(message)) mark.messages.push(message);
    marks.set(row.rowId, mark);
  }
  return marks;
}
