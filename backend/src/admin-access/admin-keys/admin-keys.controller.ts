import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { AdminKeySummary, CreatedAdminKey } from '@team/contracts';
import type { WebRequest } from '../../http/request-facts.js';
import { AuditContextFactory } from '../../http/audit-context.js';
import { InvalidInputError } from '../../shared/domain-errors.js';
import { CLOCK, type Clock } from '../../infrastructure/tokens.js';
import { AdminKeyGuard } from '../admin-key.guard.js';
import { RequiresRole } from '../admin-role.js';
import { AdminKeyDirectory } from './admin-key-directory.js';
import { parseCreateKey } from './create-admin-key/create-admin-key.body.js';
import { CreateAdminKeyCommand } from './create-admin-key/create-admin-key.command.js';
import { RevokeAdminKeyCommand } from './revoke-admin-key/revoke-admin-key.command.js';

const KEY_ID = /^k[0-9a-f]{10}$/;

/**
 * The owner's Admin keys screen: GET lists the named keys (never a key or its hash; any role may,
 * for the audit log's filter), POST makes
 * one and answers the key itself, once, and POST …/revoke ends one at once in every API process.
 */
@Controller('api/admin/keys')
@UseGuards(AdminKeyGuard)
@RequiresRole('owner')
export class AdminKeysController {
  constructor(
    private readonly directory: AdminKeyDirectory,
    private readonly commands: CommandBus,
    private readonly audit: AuditContextFactory,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  // Every role may see who holds a key: the audit log names them, and filters by them.
  @Get()
  @RequiresRole('any')
  list(): Promise<AdminKeySummary[]> {
    return this.directory.list();
  }

  @Post()
  @HttpCode(201)
  async create(@Body() body: unknown, @Req() request: WebRequest): Promise<CreatedAdminKey> {
    const { key, summary } = await this.commands.execute(new CreateAdminKeyCommand(parseCreateKey(body, this.clock()), this.audit.contextFor(request, 'admin')));
    return { key, summary };
  }

  @Post(':id/revoke')
  @HttpCode(200)
  async revoke(@Param('id') id: string, @Req() request: WebRequest): Promise<AdminKeySummary> {
    if (!KEY_ID.test(id)) throw new InvalidInputError(`The key id must look like k0123456789 (k and 10 hex digits).`);
    return (await this.commands.execute(new RevokeAdminKeyCommand(id, this.audit.contextFor(request, 'admin')))).summary;
  }
}
