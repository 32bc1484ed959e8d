import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { checkWith, RejectSubmissionRequestSchema, submissionStreamId, type AppendContext, type EventStore } from '@team/contracts';
import { EVENT_STORE } from '../../infrastructure/tokens.js';
import { decideAndAppend } from '../../shared/decide-and-append.js';
import { InvalidInputError } from '../../shared/domain-errors.js';
import { submissionDecider } from '../submission.decider.js';

export class RejectSubmissionCommand extends Command<{ position: number }> {
  constructor(
    readonly submissionId: string,
    readonly body: unknown,
    readonly context: AppendContext,
  ) {
    super();
  }
}

/** Rejects a pending submission with the moderator's reason; its match is never recorded. */
@CommandHandler(RejectSubmissionCommand)
export class RejectSubmissionHandler implements ICommandHandler<RejectSubmissionCommand> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ submissionId, body, context }: RejectSubmissionCommand): Promise<{ position: number }> {
    const checked = checkWith(RejectSubmissionRequestSchema, body);
    if (!checked.ok) throw new InvalidInputError('The rejection is not valid.', checked.problems);
    const decidedBy = context.adminKey?.name ?? 'Owner';
    const { position } = await decideAndAppend(
      this.store,
      submissionStreamId(submissionId),
      submissionDecider,
      { type: 'RejectSubmission', submissionId, reason: checked.value.reason, decidedBy, now: context.recordedAt.toISOString() },
      context,
    );
    return { position };
  }
}
