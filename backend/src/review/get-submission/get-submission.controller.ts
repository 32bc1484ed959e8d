import { Controller, Get, Inject, Param } from '@nestjs/common';
import type { Knex } from 'knex';
import type { SubmissionStatusAnswer } from '@team/contracts';
import { findSubmission } from '@team/projections';
import { READ_KNEX } from '../../infrastructure/tokens.js';
import { NotFoundError } from '../../shared/domain-errors.js';
import { SUBMISSION_NOT_FOUND } from '../submission.decider.js';
import { submissionIdParam } from '../submission-id.js';

/** GET /api/submissions/{id}: the submitter's status page (public; the id is the link's secret). */
@Controller('api/submissions')
export class GetSubmissionController {
  constructor(@Inject(READ_KNEX) private readonly knex: Knex) {}

  @Get(':id')
  async status(@Param('id') id: string): Promise<SubmissionStatusAnswer> {
    const submission = await findSubmission(this.knex, submissionIdParam(id));
    if (!submission) throw new NotFoundError(SUBMISSION_NOT_FOUND);
    // Which moderator decided is the moderators' business.
    const { decidedBy: _decidedBy, ...status } = submission;
    return status;
  }
}
