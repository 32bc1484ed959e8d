import type { Knex } from 'knex';
import type { SeasonWriteResponse } from '@team/contracts';
import { findSeason } from '@team/projections';
import { NotFoundError } from '../../shared/domain-errors.js';
import { Written } from '../../projector/written.js';
import type { SeasonWritten } from './start-season.command.js';

/** A season command's body's fields, whatever was sent (the command checks each). */
export const fieldsOf = (body: unknown): Record<string, unknown> => (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;

/** The season as GET /api/seasons lists it, once the read tables hold the command's event. */
export function seasonAnswer(readKnex: Knex, { seasonId, position, ratingsMoved }: SeasonWritten): Written<SeasonWriteResponse> {
  return Written.readAfter(position, async () => {
    // The command found or made the season, and the read tables hold its event by now.
    const season = await findSeason(readKnex, seasonId);
    if (!season) throw new NotFoundError(`Season ${seasonId} not found.`);
    return { season, position, ratingsMoved };
  });
}
