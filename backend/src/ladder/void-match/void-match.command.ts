import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AppendContext, VoidMatchResponse } from '@team/contracts';
import { NotFoundError } from '../../shared/domain-errors.js';
import { LadderRepository } from '../runtime/ladder.repository.js';

/** Void a match (docs/product.md#players-and-merges): its changes are given back, later matches keep theirs. */
export class VoidMatchCommand extends Command<VoidMatchResponse> {
  constructor(
    readonly matchId: number,
    readonly reason: string,
    readonly context: AppendContext,
  ) {
    super();
  }
}

@CommandHandler(VoidMatchCommand)
export class VoidMatchHandler implements ICommandHandler<VoidMatchCommand> {
  constructor(private readonly ladder: LadderRepository) {}

  async execute({ matchId, reason, context }: VoidMatchCommand): Promise<VoidMatchResponse> {
    // The stats a void takes off the totals are in the match's event, not in the ladder's memory.
    const recorded = await this.ladder.recordedMatch(matchId);
    return this.ladder.execute({ type: 'VoidMatch', matchId, reason, recorded }, context, (state, appended) => {
      const voided = appended.find((event) => event.type === 'MatchVoided');
      if (voided?.type !== 'MatchVoided') throw new NotFoundError(`Match #${matchId} not found.`);
      return {
        matchId,
        reason: voided.data.reason,
        position: voided.position,
        participants: voided.data.participants.map((p) => ({
          playerId: p.playerId,
          username: state.players.get(p.playerId)?.username ?? '',
          ratingBefore: p.ratingBefore,
          ratingChange: p.ratingChange,
          ratingAfter: p.ratingAfter,
        })),
      };
    });
  }
}
