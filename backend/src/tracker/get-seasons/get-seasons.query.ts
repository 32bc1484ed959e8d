import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import type { PlayerSeason, Season, SeasonLeaderboardEntry } from '@team/contracts';
import { findPlayer, findSeason, listSeasons, playerSeasons, seasonLeaderboard } from '@team/projections';
import { READ_KNEX } from '../../infrastructure/tokens.js';
import { NotFoundError } from '../../shared/domain-errors.js';
import { requireKnownMode } from '../get-leaderboard/mode-param.js';

export class GetSeasonsQuery extends Query<Season[]> {}

export class GetSeasonQuery extends Query<Season> {
  constructor(readonly seasonId: number) {
    super();
  }
}

export class GetSeasonLeaderboardQuery extends Query<SeasonLeaderboardEntry[]> {
  constructor(
    readonly seasonId: number,
    readonly modeId: number | null,
  ) {
    super();
  }
}

export class GetPlayerSeasonsQuery extends Query<PlayerSeason[]> {
  constructor(readonly playerId: number) {
    super();
  }
}

async function requireSeason(knex: Knex, id: number): Promise<Season> {
  const season = await findSeason(knex, id);
  if (!season) throw new NotFoundError(`Season ${id} not found.`);
  return season;
}

@QueryHandler(GetSeasonsQuery)
export class GetSeasonsHandler implements IQueryHandler<GetSeasonsQuery> {
  constructor(@Inject(READ_KNEX) private readonly knex: Knex) {}

  execute(): Promise<Season[]> {
    return listSeasons(this.knex);
  }
}

@QueryHandler(GetSeasonQuery)
export class GetSeasonHandler implements IQueryHandler<GetSeasonQuery> {
  constructor(@Inject(READ_KNEX) private readonly knex: Knex) {}

  execute({ seasonId }: GetSeasonQuery): Promise<Season> {
    return requireSeason(this.knex, seasonId);
  }
}

@QueryHandler(GetSeasonLeaderboardQuery)
export class GetSeasonLeaderboardHandler implements IQueryHandler<GetSeasonLeaderboardQuery> {
  constructor(@Inject(READ_KNEX) private readonly knex: Knex) {}

  async execute({ seasonId, modeId }: GetSeasonLeaderboardQuery): Promise<SeasonLeaderboardEntry[]> {
    requireKnownMode(modeId);
    return seasonLeaderboard(this.knex, await requireSeason(this.knex, seasonId), modeId);
  }
}

@QueryHandler(GetPlayerSeasonsQuery)
export class GetPlayerSeasonsHandler implements IQueryHandler<GetPlayerSeasonsQuery> {
  constructor(@Inject(READ_KNEX) private readonly knex: Knex) {}

  async execute({ playerId }: GetPlayerSeasonsQuery): Promise<PlayerSeason[]> {
    if (!(await findPlayer(this.knex, playerId))) throw new NotFoundError(`Player ${playerId} not found.`);
    return playerSeasons(this.knex, playerId);
  }
}
