import { Body, Controller, Headers, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { WebRequest } from '../../http/request-facts.js';
import { importIdempotencyKey, type RecordMatchResponse } from '@team/contracts';
import { AuditContextFactory } from '../../http/audit-context.js';
import { BodyLimit } from '../../http/body-limit.js';
import { PublicWriteGuard } from '../../http/public-write.guard.js';
import { RecordingGuard } from '../../admin-access/recording.guard.js';
import { InvalidInputError } from '../../shared/domain-errors.js';
import { Written } from '../../shared/written.js';
import { RecordMatchCommand } from './record-match.command.js';

export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;
/**
 * The most a match's body may hold: two teams of MAX_TEAM_PLAYERS with names, ids and stats
 * are well under 64 KB, so a larger body is refused before it is parsed.
 */
export const MAX_MATCH_BODY_BYTES = 256 * 1024;
const KEY_PATTERN = /^[\x21-\x7e]+$/;
/** An import's keys (`import:{matchKey}`): a public request holding one would make the import skip that match. */
const RESERVED_PREFIX = importIdempotencyKey('');

/** POST /api/matches: anyone may record a match (rate limited per address), or with PUBLIC_RECORDING=recorders a recorder key or above. */
@Controller('api/matches')
export class RecordMatchController {
  constructor(
    private readonly commands: CommandBus,
    private readonly audit: AuditContextFactory,
  ) {}

  @Post()
  @HttpCode(201)
  @UseGuards(RecordingGuard, PublicWriteGuard)
  @BodyLimit(MAX_MATCH_BODY_BYTES)
  async record(
    @Body() body: unknown,
    @Req() request: WebRequest,
    @Headers('idempotency-key') key: string | undefined,
  ): Promise<Written<RecordMatchResponse>> {
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
  if (raw.startsWith(RESERVED_PREFIX)) {
    throw new InvalidInputError(`Idempotency-Keys starting with ${RESERVED_PREFIX} are reserved for imports. Use another key.`);
  }
  return raw;
}
