import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { CreatedWebhook, Webhook, WebhookList } from '@team/contracts';
import type { AppConfig } from '../../config.js';
import { AdminKeyGuard } from '../../admin-access/admin-key.guard.js';
import { RequiresRole } from '../../admin-access/admin-role.js';
import { AuditContextFactory } from '../../http/audit-context.js';
import type { WebRequest } from '../../http/request-facts.js';
import { APP_CONFIG } from '../../infrastructure/tokens.js';
import { siteOrigin } from '../../seo/site-url.js';
import { Written } from '../../projector/written.js';
import { CreateWebhookCommand } from '../create-webhook/create-webhook.command.js';
import { DeleteWebhookCommand, UpdateWebhookCommand } from '../change-webhook/change-webhook.command.js';
import { webhookView } from '../webhook.decider.js';
import { WebhookDirectory } from '../webhook-directory.js';
import { webhookIdParam } from '../webhook-url-policy.js';

/** The owner's webhooks: list, create (the secret shown once), change, pause, resume and delete. */
@Controller('api/admin/webhooks')
@UseGuards(AdminKeyGuard)
@RequiresRole('owner')
export class WebhooksController {
  constructor(
    private readonly commands: CommandBus,
    private readonly audit: AuditContextFactory,
    private readonly directory: WebhookDirectory,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  async list(): Promise<WebhookList> {
    const { webhooks } = await this.directory.current();
    return { webhooks: [...webhooks.values()].map(webhookView) };
  }

  @Post()
  @HttpCode(201)
  async create(@Body() body: unknown, @Req() request: WebRequest): Promise<Written<CreatedWebhook>> {
    const { position, ...created } = await this.commands.execute(
      new CreateWebhookCommand(body, siteOrigin(this.config, request), this.audit.contextFor(request, 'admin')),
    );
    return new Written(position, created);
  }

  @Put(':id')
  async update(@Param('id') id: string, @Body() body: unknown, @Req() request: WebRequest): Promise<Written<Webhook>> {
    const { webhook, position } = await this.commands.execute(new UpdateWebhookCommand(webhookIdParam(id), body, this.audit.contextFor(request, 'admin')));
    return new Written(position, webhook);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@Param('id') id: string, @Req() request: WebRequest): Promise<Written<undefined>> {
    const { position } = await this.commands.execute(new DeleteWebhookCommand(webhookIdParam(id), this.audit.contextFor(request, 'admin')));
    return new Written(position, undefined);
  }
}
