import { Module } from '@nestjs/common';
import { ApproveSubmissionHandler } from './approve-submission/approve-submission.command.js';
import { GetSubmissionController } from './get-submission/get-submission.controller.js';
import { ReviewQueueController } from './list-submissions/review-queue.controller.js';
import { RecordMatchController } from './submit-match/record-match.controller.js';
import { RejectSubmissionHandler } from './reject-submission/reject-submission.command.js';
import { SubmitMatchHandler } from './submit-match/submit-match.command.js';

/**
 * The review queue (PUBLIC_RECORDING=review): visitors' submissions, and the moderators' decisions;
 * and POST /api/matches, which records through the ladder or, in review mode, submits.
 */
@Module({
  controllers: [RecordMatchController, GetSubmissionController, ReviewQueueController],
  providers: [SubmitMatchHandler, ApproveSubmissionHandler, RejectSubmissionHandler],
})
export class ReviewModule {}
