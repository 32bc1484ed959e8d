import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import { checkWith, SubmissionListQuerySchema, type ApprovedSubmission, type Submission, type SubmissionList } from '@team/contracts';
import { findSubmission, listSubmissions } from '@team/projections';
import { AdminKeyGuard } from '../../admin-access/admin-key.guard.js';
import { RequiresRole } from '../../admin-access/admin-role.js';
import { AuditContextFactory } from '../../http/audit-context.js';
import type { WebRequest } from '../../http/request-facts.js';
import { KNEX, READ_KNEX } from '../../infrastructure/tokens.js';
import { InvalidInputError } from '../../shared/domain-errors.js';
import { Written } from '../../projector/written.js';
import { ApproveSubmissionCommand } from '../approve-submission/approve-submission.command.js';
import { RejectSubmissionCommand } from '../reject-submission/reject-submission.command.js';
import { submissionIdParam } from '../submission-id.js';

/** The moderators' review queue: list, approve (the match is recorded then) and reject with a reason. */
@Controller('api/admin/submissions')
@UseGuards(AdminKeyGuard)
@RequiresRole('moderator')
export class ReviewQueueController {
  constructor(
    private readonly commands: CommandBus,
    private readonly audit: AuditContextFactory,
    @Inject(READ_KNEX) private readonly readKnex: Knex,
    // The answer after a write is read from the primary, which the wait for the projector covers.
    @Inject(KNEX) private readonly knex: Knex,
  ) {}

  @Get()
  async list(@Query() query: Record<string, unknown>): Promise<SubmissionList> {
    const checked = checkWith(SubmissionListQuerySchema, query);
    if (!checked.ok) throw new InvalidInputError('The queue filter is not valid.', checked.problems);
    return { submissions: await listSubmissions(this.readKnex, checked.value.status ?? null) };
  }

  @Post(':id/approve')
  @HttpCode(200)
  async approve(@Param('id') raw: string, @Req() request: WebRequest): Promise<Written<ApprovedSubmission>> {
    const id = submissionIdParam(raw);
    const { match, position } = await this.commands.execute(new ApproveSubmissionCommand(id, this.audit.contextFor(request, 'admin')));
    return Written.readAfter(position, async () => ({ submission: (await findSubmission(this.knex, id))!, match }));
  }

  @Post(':id/reject')
  @HttpCode(200)
  async reject(@Param('id') raw: string, @Body() body: unknown, @Req() request: WebRequest): Promise<Written<Submission>> {
    const id = submissionIdParam(raw);
    const { position } = await this.commands.execute(new RejectSubmissionCommand(id, body, this.audit.contextFor(request, 'admin')));
    return Written.readAfter(position, async () => (await findSubmission(this.knex, id))!);
  }
}
