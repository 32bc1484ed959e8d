import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AppendContext } from '@team/contracts';
import { LadderRepository } from '../runtime/ladder.repository.js';

/** Merge a duplicate account into its primary (docs/product.md#players-and-merges); answers the event's position. */
export class MergePlayersCommand extends Command<{ position: number }> {
  constructor(
    readonly primaryId: number,
    readonly duplicateId: number,
    readonly context: AppendContext,
  ) {
    super();
  }
}

@CommandHandler(MergePlayersCommand)
export class MergePlayersHandler implements ICommandHandler<MergePlayersCommand> {
  constructor(private readonly ladder: LadderRepository) {}

  execute({ primaryId, duplicateId, context }: MergePlayersCommand): Promise<{ position: number }> {
    return this.ladder.execute({ type: 'MergePlayers', primaryId, duplicateId }, context, (_state, appended) => ({
      position: appended[appended.length - 1]!.position,
    }));
  }
}
