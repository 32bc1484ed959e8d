import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Controller, Get, Query as QueryParam, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { NAMESAKES_MAX_IDS, type PlayerNamesake } from '@team/contracts';
import { CachedView, sendView } from '../../http/send-view.js';
import { InvalidInputError } from '../../shared/domain-errors.js';
import { GetNamesakesQuery } from './get-namesakes.query.js';

const IDS_RULE = `ids is required: 1 to ${NAMESAKES_MAX_IDS} player ids (whole numbers) separated by commas.`;

/** The asked player ids, each once: one `ids` parameter of 1 to NAMESAKES_MAX_IDS whole numbers separated by commas, or a 400. */
export function namesakeIdsParam(raw: unknown): number[] {
  // A repeated ?ids= arrives as an array: refused like any other non-text.
  if (typeof raw !== 'string') throw new InvalidInputError(IDS_RULE);
  const parts = raw.split(',');
  if (parts.length > NAMESAKES_MAX_IDS) throw new InvalidInputError(`ids may name at most ${NAMESAKES_MAX_IDS} players.`);
  if (!parts.every((part) => /^\d{1,9}$/.test(part))) throw new InvalidInputError(IDS_RULE);
  return [...new Set(parts.map(Number))];
}

/**
 * GET /api/players/namesakes?ids=1,2,3: for the players a board page shows, every active player
 * of the same name (theirs included), so that the page tells them apart by Discord ID as the
 * whole board does. At most NAMESAKES_MAX_PLAYERS. Sent as the boards are (sendView): an ETag
 * (here a hash of the answer) that clients revalidate (`no-cache`), 304 when it still holds.
 */
@Controller('api/players/namesakes')
export class GetNamesakesController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  async namesakes(@QueryParam('ids') rawIds: unknown, @Req() request: IncomingMessage, @Res() response: ServerResponse): Promise<void> {
    const players: PlayerNamesake[] = await this.queries.execute(new GetNamesakesQuery(namesakeIdsParam(rawIds)));
    const etag = `"namesakes-${createHash('sha256').update(JSON.stringify(players)).digest('base64url').slice(0, 27)}"`;
    sendView(request, response, new CachedView(etag, players));
  }
}
