import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  checkWith,
  playerProfileStreamId,
  UpdatePlayerProfileRequestSchema,
  type AppendContext,
  type EventStore,
  type PlayerProfile,
} from '@team/contracts';
import { EVENT_STORE } from '../../infrastructure/tokens.js';
import { LadderRepository } from '../../ladder/runtime/ladder.repository.js';
import { decideAndAppend } from '../../shared/decide-and-append.js';
import { InvalidInputError, NotFoundError } from '../../shared/domain-errors.js';
import { playerProfileDecider } from '../player-profile.decider.js';

export class EditPlayerProfileCommand extends Command<{ profile: PlayerProfile; position: number }> {
  constructor(
    readonly playerId: number,
    readonly body: unknown,
    readonly context: AppendContext,
  ) {
    super();
  }
}

/**
 * PUT /api/admin/players/{id}/profile: checks the body, then that the ladder knows the player
 * (its own state, not a read table), and appends the fields that changed.
 */
@CommandHandler(EditPlayerProfileCommand)
export class EditPlayerProfileHandler implements ICommandHandler<EditPlayerProfileCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly ladder: LadderRepository,
  ) {}

  async execute({ playerId, body, context }: EditPlayerProfileCommand) {
    const checked = checkWith(UpdatePlayerProfileRequestSchema, body);
    if (!checked.ok) throw new InvalidInputError('The player profile is not valid.', checked.problems);
    if (!(await this.ladder.read((state) => state.players.has(playerId)))) throw new NotFoundError('Player not found');
    const { state, position } = await decideAndAppend(
      this.store,
      playerProfileStreamId(playerId),
      playerProfileDecider(playerId),
      { type: 'EditPlayerProfile', changes: checked.value },
      context,
    );
    return { profile: { playerId, ...state }, position };
  }
}
