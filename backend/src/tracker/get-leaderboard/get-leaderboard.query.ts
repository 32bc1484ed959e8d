import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { RankedBoard } from '../read-side/ranked-board.js';
import { RankingCache } from '../read-side/ranking-cache.js';
import { requireKnownMode } from './mode-param.js';

/** The ranked board of the overall pool, or of one mode's pool. */
export class GetLeaderboardQuery extends Query<RankedBoard> {
  constructor(readonly modeId: number | null) {
    super();
  }
}

@QueryHandler(GetLeaderboardQuery)
export class GetLeaderboardHandler implements IQueryHandler<GetLeaderboardQuery> {
  constructor(private readonly cache: RankingCache) {}

  execute({ modeId }: GetLeaderboardQuery): Promise<RankedBoard> {
    requireKnownMode(modeId);
    return this.cache.board(modeId ?? 'overall');
  }
}
