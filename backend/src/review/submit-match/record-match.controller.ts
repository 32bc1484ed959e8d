import { Body, Controller, Headers, HttpCode, Inject, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { adminKeyOf, type WebRequest } from '../../http/request-facts.js';
import { importIdempotencyKey, submissionIdempotencyKey, type RecordMatchResponse, type SubmittedMatch } from '@team/contracts';
import type { AppConfig } from '../../config.js';
import { APP_CONFIG } from '../../infrastructure/tokens.js';
import { AuditContextFactory } from '../../http/audit-context.js';
import { BodyLimit } from '../../http/body-limit.js';
import { PublicWriteGuard } from '../../http/public-write.guard.js';
import { RecordingGuard } from '../../admin-access/recording.guard.js';
import { InvalidInputError } from '../../shared/domain-errors.js';
import { Written } from '../../projector/written.js';
import { RecordMatchCommand } from '../../ladder/record-match/record-match.command.js';
import { SubmitMatchCommand } from './submit-match.command.js';

export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;
/**
 * The most a match's body may hold: two teams of MAX_TEAM_PLAYERS with names, ids and stats
 * are well under 64 KB, so a larger body is refused before it is parsed.
 */
export const MAX_MATCH_BODY_BYTES = 256 * 1024;
const KEY_PATTERN = /^[\x21-\x7e]+$/;
/**
 * An import's keys (`import:{matchKey}`): a public request holding one would make the import skip
 * that match; an approval's (`submission:{id}`): one would record a submission's match unapproved.
 */
const RESERVED_PREFIXES = [importIdempotencyKey(''), submissionIdempotencyKey('')];

/**
 * POST /api/matches: anyone may record a match (rate limited per address), or with
 * PUBLIC_RECORDING=recorders a recorder key or above. With PUBLIC_RECORDING=review a visitor's
 * match (no key) is a pending submission, answered 202 with its status's address; a recorder,
 * moderator or owner key records it at once. It sends either the ladder's RecordMatchCommand or
 * the review queue's SubmitMatchCommand, so it sits with the review queue, which builds on the
 * ladder (the ladder knows nothing of review).
 */
@Controller('api/matches')
export class RecordMatchController {
  constructor(
    private readonly commands: CommandBus,
    private readonly audit: AuditContextFactory,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post()
  @HttpCode(201)
  @UseGuards(RecordingGuard, PublicWriteGuard)
  @BodyLimit(MAX_MATCH_BODY_BYTES)
  async record(
    @Body() body: unknown,
    @Req() request: WebRequest,
    @Headers('idempotency-key') key: string | undefined,
  ): Promise<Written<RecordMatchResponse> | Written<Response>> {
    if (this.config.publicRecording === 'review' && !adminKeyOf(request)) {
      const { submissionId, position } = await this.commands.execute(new SubmitMatchCommand(body, this.audit.contextFor(request, 'public'), idempotencyKey(key)));
      const statusUrl = `/api/submissions/${submissionId}`;
      const submitted: SubmittedMatch = { submissionId, status: 'pending', statusUrl };
      // A whole web Response: its 202 and Location win over the route's 201.
      const answer = new Response(JSON.stringify(submitted), { status: 202, headers: { 'content-type': 'application/json; charset=utf-8', location: statusUrl } });
      return new Written(position, answer);
    }
    const response = await this.commands.execute(
      new RecordMatchCommand(body, this.audit.contextFor(request, 'public'), idempotencyKey(key)),
    );
    return new Written(response.position, response);
  }
}

function idempotencyKey(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  if (raw.length === 0 || raw.length > MAX_IDEMPOTENCY_KEY_LENGTH || !KEY_PATTERN.test(raw)) {
    throw new InvalidInputError(
      `The Idempotency-Key header must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} visible ASCII characters without spaces.`,
    );
  }
  const reserved = RESERVED_PREFIXES.find((prefix) => raw.startsWith(prefix));
  if (reserved) {
    throw new InvalidInputError(`Idempotency-Keys starting with ${reserved} are reserved for ${reserved === RESERVED_PREFIXES[0] ? 'imports' : 'approved submissions'}. Use another key.`);
  }
  return raw;
}
