import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { movedRatingsCount, type AppendContext } from '@team/contracts';
import { LadderRepository } from '../runtime/ladder.repository.js';

/** What a season's write appended: the season it names, the event's position, the ratings its reset moved. */
export interface SeasonWritten {
  seasonId: number;
  position: number;
  ratingsMoved: number;
}

/** Start a new season now; the current one ends here (soft reset optional). */
export class StartSeasonCommand extends Command<SeasonWritten> {
  constructor(
    readonly name: unknown,
    readonly softResetPercent: unknown,
    readonly context: AppendContext,
  ) {
    super();
  }
}

@CommandHandler(StartSeasonCommand)
export class StartSeasonHandler implements ICommandHandler<StartSeasonCommand> {
  constructor(private readonly ladder: LadderRepository) {}

  execute({ name, softResetPercent, context }: StartSeasonCommand): Promise<SeasonWritten> {
    return this.ladder.execute({ type: 'StartSeason', name, softResetPercent }, context, (_state, appended) => {
      const started = appended.find((event) => event.type === 'SeasonStarted');
      if (started?.type !== 'SeasonStarted') throw new Error('StartSeason appended no SeasonStarted');
      return {
        seasonId: started.data.seasonId,
        position: started.position,
        ratingsMoved: movedRatingsCount(started.data.ratings),
      };
    });
  }
}
