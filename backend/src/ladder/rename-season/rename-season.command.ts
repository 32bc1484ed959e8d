import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AppendContext } from '@team/contracts';
import { LadderRepository } from '../ladder.repository.js';
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
      position: appended[appended.length - 1]!.position,
      ratingsMoved: 0,
    }));
  }
}
