import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { findMode, MODES } from '@team/contracts';
import { NotFoundError } from '../../shared/domain-errors.js';
import { RankingCache, type RankedBoard } from '../read-side/ranking-cache.js';

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
    if (modeId === null) return this.cache.board('overall');
    if (!findMode(MODES, modeId)) throw new NotFoundError(`Mode ${modeId} not found.`);
    return this.cache.board(modeId);
  }
}
