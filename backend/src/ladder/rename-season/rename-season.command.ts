import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AppendContext } from '@team/contracts';
import { LadderRepository } from '../runtime/ladder.repository.js';
import type { SeasonWritten } from '../start-season/start-season.command.js';

export class RenameSeasonCommand extends Command<SeasonWritten> {
  constructor(
    readonly seasonId: number,
    readonly name: unknown,
    readonly context: AppendContext,
  ) {
    super();
  }
}

@CommandHandler(RenameSeasonCommand)
export class RenameSeasonHandler implements ICommandHandler<RenameSeasonCommand> {
  constructor(private readonly ladder: LadderRepository) {}

  execute({ seasonId, name, context }: RenameSeasonCommand): Promise<SeasonWritten> {
    return this.ladder.execute({ type: 'RenameSeason', seasonId, name }, context, (_state, appended) => ({
      seasonId,
      // A rename to the season's own name appends nothing: the read tables already hold it.
      position: appended.at(-1)?.position ?? 0,
      ratingsMoved: 0,
    }));
  }
}
