import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import type { PlayerMatchRecord } from '@team/contracts';
import { findPlayer, playerMatchHistory } from '@team/projections';
import { READ_KNEX } from '../../infrastructure/tokens.js';
import { NotFoundError } from '../../shared/domain-errors.js';
import type { AsOf } from '../time-travel/as-of.js';
import { LadderTimeTravel } from '../time-travel/ladder-time-travel.js';

/** A player's history from the read model, or, with `asOf`, as time travel folds the log up to then. */
export class GetPlayerMatchesQuery extends Query<PlayerMatchRecord[]> {
  constructor(
    readonly playerId: number,
    readonly asOf: AsOf | null = null,
  ) {
    super();
  }
}

@QueryHandler(GetPlayerMatchesQuery)
export class GetPlayerMatchesHandler implements IQueryHandler<GetPlayerMatchesQuery> {
  constructor(
    @Inject(READ_KNEX) private readonly knex: Knex,
    private readonly timeTravel: LadderTimeTravel,
  ) {}

  async execute({ playerId, asOf }: GetPlayerMatchesQuery): Promise<PlayerMatchRecord[]> {
    if (asOf) {
      const history = await this.timeTravel.history(asOf, playerId);
      if (!history) throw new NotFoundError('Player not found');
      return history;
    }
    const player = await findPlayer(this.knex, playerId);
    // A merged-away account is no longer a player: its history now belongs to the primary.
    if (!player || player.mergedInto !== null) throw new NotFoundError('Player not found');
    return playerMatchHistory(this.knex, playerId);
  }
}
