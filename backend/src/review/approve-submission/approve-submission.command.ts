import { Inject } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { submissionIdempotencyKey, submissionStreamId, type AppendContext, type EventStore, type RecordedEvent, type RecordMatchResponse, type SubmissionEvent } from '@team/contracts';
import { EVENT_STORE } from '../../infrastructure/tokens.js';
import { RecordMatchCommand } from '../../ladder/record-match/record-match.command.js';
import { decideAndAppend } from '../../shared/decide-and-append.js';
import { evolveSubmission, pendingRequest, submissionDecider, type SubmissionState } from '../submission.decider.js';

export class ApproveSubmissionCommand extends Command<{ match: RecordMatchResponse; position: number }> {
  constructor(
    readonly submissionId: string,
    readonly context: AppendContext,
  ) {
    super();
  }
}

/**
 * Records the submitted match through the ladder as any recorded match (rated now, in approval
 * order), then marks the submission approved with its match. The match is recorded under the
 * idempotency key `submission:{id}`: an approval retried after a failure in between, or two
 * moderators approving at once, record it once.
 */
@CommandHandler(ApproveSubmissionCommand)
export class ApproveSubmissionHandler implements ICommandHandler<ApproveSubmissionCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly commands: CommandBus,
  ) {}

  async execute({ submissionId, context }: ApproveSubmissionCommand): Promise<{ match: RecordMatchResponse; position: number }> {
    const stream = submissionStreamId(submissionId);
    const events = (await this.store.readStream(stream)) as RecordedEvent<SubmissionEvent>[];
    const state = events.reduce<SubmissionState>((current, event) => evolveSubmission(current, { type: event.type, data: event.data } as SubmissionEvent), { status: 'absent' });
    const request = pendingRequest(state);
    const match: RecordMatchResponse = await this.commands.execute(new RecordMatchCommand(request, context, submissionIdempotencyKey(submissionId)));
    const decidedBy = context.adminKey?.name ?? 'Owner';
    const { position } = await decideAndAppend(
      this.store,
      stream,
      submissionDecider,
      { type: 'ApproveSubmission', submissionId, matchId: match.matchId, decidedBy, now: context.recordedAt.toISOString() },
      context,
    );
    return { match, position: Math.max(position, match.position) };
  }
}
