import { Inject } from '@nestjs/common';
import { Query, QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import type { ComparedPlayer, LeaderboardEntry, PlayerComparison } from '@team/contracts';
import { matchesBetween, playerRatingHistory } from '@team/projections';
import { READ_KNEX } from '../../infrastructure/tokens.js';
import { NotFoundError } from '../../shared/domain-errors.js';
import { GetLeaderboardQuery } from '../get-leaderboard/get-leaderboard.query.js';

/** Two players side by side: the leaderboard's line of each, their rating histories and their matches against each other. */
export class ComparePlayersQuery extends Query<PlayerComparison> {
  constructor(
    readonly a: number,
    readonly b: number,
  ) {
    super();
  }
}

@QueryHandler(ComparePlayersQuery)
export class ComparePlayersHandler implements IQueryHandler<ComparePlayersQuery> {
  constructor(
    private readonly queries: QueryBus,
    @Inject(READ_KNEX) private readonly knex: Knex,
  ) {}

  async execute({ a, b }: ComparePlayersQuery): Promise<PlayerComparison> {
    // The overall board ranks every player that is not a merged-away tombstone, with the
    // rank and tier the leaderboard shows: what a summary needs, served from its cache.
    const board = await this.queries.execute(new GetLeaderboardQuery(null));
    const entryOf = (id: number): LeaderboardEntry => {
      const entry = board.entryOf(id);
      if (!entry) throw new NotFoundError(`Player ${id} not found.`);
      return entry;
    };
    const [entryA, entryB] = [entryOf(a), entryOf(b)];
    const [sideA, sideB, matches] = await Promise.all([
      this.side(entryA),
      this.side(entryB),
      matchesBetween(this.knex, a, b),
    ]);
    const aWins = matches.filter((match) => match.winnerId === a).length;
    return { a: sideA, b: sideB, record: { matches: matches.length, aWins, bWins: matches.length - aWins }, matches };
  }

  private async side(player: LeaderboardEntry): Promise<ComparedPlayer> {
    return { player, ratingHistory: await playerRatingHistory(this.knex, player.id) };
  }
}
