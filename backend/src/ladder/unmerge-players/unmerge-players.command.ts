import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AppendContext } from '@team/contracts';
import { LadderRepository } from '../runtime/ladder.repository.js';

/** Revert the merge of a duplicate into its primary (docs/product.md#players-and-merges); answers the event's position. */
export class UnmergePlayersCommand extends Command<{ position: number }> {
  constructor(
    readonly primaryId: number,
    readonly duplicateId: number,
    readonly context: AppendContext,
  ) {
    super();
  }
}

@CommandHandler(UnmergePlayersCommand)
export class UnmergePlayersHandler implements ICommandHandler<UnmergePlayersCommand> {
  constructor(private readonly ladder: LadderRepository) {}

  execute({ primaryId, duplicateId, context }: UnmergePlayersCommand): Promise<{ position: number }> {
    return this.ladder.execute({ type: 'UnmergePlayers', primaryId, duplicateId }, context, (_state, appended) => ({
      position: appended[appended.length - 1]!.position,
    }));
  }
}
