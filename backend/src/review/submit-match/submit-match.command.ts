import { createHash, randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MODES, submissionStreamId, validateRecordMatch, type AppendContext, type EventStore } from '@team/contracts';
import { EVENT_STORE } from '../../infrastructure/tokens.js';
import { decideAndAppend } from '../../shared/decide-and-append.js';
import { InvalidInputError } from '../../shared/domain-errors.js';
import { submissionDecider } from '../submission.decider.js';

/**
 * A visitor's match in review mode: checked by the same rules as a recorded one (the same
 * messages), then kept as a pending submission. Nothing is rated until a moderator approves it.
 */
export class SubmitMatchCommand extends Command<{ submissionId: string; position: number }> {
  constructor(
    readonly body: unknown,
    readonly context: AppendContext,
    readonly idempotencyKey: string | null,
  ) {
    super();
  }
}

/** The same caller's repeat of an Idempotency-Key names the same submission; another caller's the same key names another. */
function submissionIdFor(key: string | null, context: AppendContext): string {
  if (key === null) return randomUUID();
  const hex = createHash('sha256').update(`${context.fingerprint ?? ''}\n${key}`).digest('hex');
  // Shaped as a version 4 UUID, like the random ones: the status page's id looks the same either way.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

@CommandHandler(SubmitMatchCommand)
export class SubmitMatchHandler implements ICommandHandler<SubmitMatchCommand> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ body, context, idempotencyKey }: SubmitMatchCommand): Promise<{ submissionId: string; position: number }> {
    const validation = validateRecordMatch(body, MODES);
    if (!validation.ok) throw new InvalidInputError(validation.error, validation.details);
    const submissionId = submissionIdFor(idempotencyKey, context);
    const { position } = await decideAndAppend(
      this.store,
      submissionStreamId(submissionId),
      submissionDecider,
      { type: 'SubmitMatch', submissionId, request: validation.value, now: context.recordedAt.toISOString() },
      context,
    );
    return { submissionId, position };
  }
}
