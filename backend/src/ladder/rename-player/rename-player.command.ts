import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AppendContext, RenamePlayerResponse } from '@team/contracts';
import { LadderRepository } from '../runtime/ladder.repository.js';

/** Rename a player (admin): the profile and the leaderboard show the new name. */
export class RenamePlayerCommand extends Command<RenamePlayerResponse> {
  constructor(
    readonly playerId: number,
    readonly username: unknown,
    readonly context: AppendContext,
  ) {
    super();
  }
}

@CommandHandler(RenamePlayerCommand)
export class RenamePlayerHandler implements ICommandHandler<RenamePlayerCommand> {
  constructor(private readonly ladder: LadderRepository) {}

  execute({ playerId, username, context }: RenamePlayerCommand): Promise<RenamePlayerResponse> {
    return this.ladder.execute({ type: 'RenamePlayer', playerId, username }, context, (state, appended) => {
      const renamed = appended.find((event) => event.type === 'PlayerRenamed');
      if (renamed?.type === 'PlayerRenamed') {
        const { username: name, previousUsername } = renamed.data;
        return { playerId, username: name, previousUsername, position: renamed.position };
      }
      // Its own name again: nothing was appended, and the answer is the player as it is.
      const name = state.players.get(playerId)?.username ?? '';
      return { playerId, username: name, previousUsername: name, position: 0 };
    });
  }
}
