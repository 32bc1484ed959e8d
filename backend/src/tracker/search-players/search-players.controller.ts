import { Controller, Get, Query as QueryParam } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  PLAYER_SEARCH_DEFAULT_LIMIT,
  PLAYER_SEARCH_MAX_LIMIT,
  PLAYER_SEARCH_MAX_QUERY_LENGTH,
  textProblem,
  type PlayerSearchHit,
} from '@team/contracts';
import { InvalidInputError } from '../../shared/domain-errors.js';
import { SearchPlayersQuery } from './search-players.query.js';

const Q_RULE = `q is required: the start of a player's name or Discord ID, 1 to ${PLAYER_SEARCH_MAX_QUERY_LENGTH} characters.`;
const LIMIT_RULE = `limit must be a whole number from 1 to ${PLAYER_SEARCH_MAX_LIMIT}.`;

/** The text to look for: one string, trimmed, not blank, bounded and storable; or a 400 saying which. */
export function searchTextParam(raw: unknown): string {
  // A repeated ?q= arrives as an array: refused like any other non-text.
  if (typeof raw !== 'string') throw new InvalidInputError(Q_RULE);
  const text = raw.trim();
  if (text === '') throw new InvalidInputError(Q_RULE);
  if (text.length > PLAYER_SEARCH_MAX_QUERY_LENGTH) throw new InvalidInputError(`q must be at most ${PLAYER_SEARCH_MAX_QUERY_LENGTH} characters.`);
  const unstorable = textProblem(text, { multiline: false });
  if (unstorable) throw new InvalidInputError(`q ${unstorable}.`);
  return text;
}

/** How many players to answer: absent is the default; otherwise 1 to the maximum, or a 400. */
export function searchLimitParam(raw: unknown): number {
  if (raw === undefined) return PLAYER_SEARCH_DEFAULT_LIMIT;
  if (typeof raw !== 'string' || !/^\d{1,2}$/.test(raw)) throw new InvalidInputError(LIMIT_RULE);
  const limit = Number(raw);
  if (limit < 1 || limit > PLAYER_SEARCH_MAX_LIMIT) throw new InvalidInputError(LIMIT_RULE);
  return limit;
}

/** GET /api/players/search?q=&limit=: Record Match's lookup of known players as a name or Discord ID is typed. */
@Controller('api/players/search')
export class SearchPlayersController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  search(@QueryParam('q') rawText: unknown, @QueryParam('limit') rawLimit: unknown): Promise<PlayerSearchHit[]> {
    return this.queries.execute(new SearchPlayersQuery(searchTextParam(rawText), searchLimitParam(rawLimit)));
  }
}
