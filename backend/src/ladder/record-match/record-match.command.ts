import { createHash } from 'node:crypto';
import { CommandHandler, Command, type ICommandHandler } from '@nestjs/cqrs';
import { MODES, validateRecordMatch, type AppendContext, type RecordMatchRequest, type RecordMatchResponse } from '@team/contracts';
import { InvalidInputError } from '../../shared/domain-errors.js';
import type { CommandSequence } from '../runtime/ladder-command-queue.js';
import { recordMatchResponse } from './record-match.response.js';
import { LadderRepository } from '../runtime/ladder.repository.js';

/** The hash a keyed match carries: of the validated request, which is canonical (known fields, trimmed names), so equal matches hash equal. */
export const recordMatchRequestHash = (request: RecordMatchRequest): string => createHash('sha256').update(JSON.stringify(request)).digest('hex');

/** Record a match from an untrusted body; answers the ratings it moved (or the first answer for a repeated key). */
export class RecordMatchCommand extends Command<RecordMatchResponse> {
  constructor(
    readonly body: unknown,
    readonly context: AppendContext,
    readonly idempotencyKey: string | null = null,
    /** An import's matches: once one is refused, the ladder refuses the later ones unheard. */
    readonly sequence: CommandSequence | null = null,
    /** Older history imported as backdated: when the match was played (it is rated now). */
    readonly playedAt: Date | null = null,
  ) {
    super();
  }
}

@CommandHandler(RecordMatchCommand)
export class RecordMatchHandler implements ICommandHandler<RecordMatchCommand> {
  constructor(private readonly ladder: LadderRepository) {}

  async execute({ body, context, idempotencyKey, sequence, playedAt }: RecordMatchCommand): Promise<RecordMatchResponse> {
    const validation = validateRecordMatch(body, MODES);
    if (!validation.ok) throw new InvalidInputError(validation.error, validation.details);
    const requestHash = idempotencyKey === null ? null : recordMatchRequestHash(validation.value);
    return this.ladder.execute(
      {
        type: 'RecordMatch',
        request: validation.value,
        mode: validation.mode,
        statsUsed: validation.statsUsed,
        idempotencyKey,
        requestHash,
        playedAt: playedAt?.toISOString() ?? null,
      },
      context,
      (state, appended) => {
        const recorded = appended.find((event) => event.type === 'MatchRecorded');
        if (recorded?.type === 'MatchRecorded') return recordMatchResponse(recorded.data, recorded.position);
        // Nothing appended: a repeat of a key the ladder already answered.
        return state.answers.get(idempotencyKey!)!.response;
      },
      sequence,
    );
  }
}
