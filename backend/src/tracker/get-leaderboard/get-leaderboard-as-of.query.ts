import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { RankedBoard } from '../read-side/ranked-board.js';
import type { AsOf } from '../time-travel/as-of.js';
import { LadderTimeTravel } from '../time-travel/ladder-time-travel.js';
import { requireKnownMode } from './mode-param.js';

/** The ranked board of a pool as it stood at a point of the log (folded from the nearest kept snapshot; see LadderTimeTravel); a mode's board has that mode's totals, with its views. */
export class GetLeaderboardAsOfQuery extends Query<RankedBoard> {
  constructor(
    readonly modeId: number | null,
    readonly asOf: AsOf,
  ) {
    super();
  }
}

@QueryHandler(GetLeaderboardAsOfQuery)
export class GetLeaderboardAsOfHandler implements IQueryHandler<GetLeaderboardAsOfQuery> {
  constructor(private readonly timeTravel: LadderTimeTravel) {}

  async execute({ modeId, asOf }: GetLeaderboardAsOfQuery): Promise<RankedBoard> {
    requireKnownMode(modeId);
    return this.timeTravel.board(asOf, modeId ?? 'overall');
  }
}
