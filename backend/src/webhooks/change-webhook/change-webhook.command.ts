import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import { checkWith, UpdateWebhookRequestSchema, WEBHOOKS_STREAM, type AppendContext, type EventStore, type Webhook } from '@team/contracts';
import type { AppConfig } from '../../config.js';
import { APP_CONFIG, EVENT_STORE, KNEX } from '../../infrastructure/tokens.js';
import { decideAndAppend } from '../../shared/decide-and-append.js';
import { InvalidInputError } from '../../shared/domain-errors.js';
import { DELIVERIES_TABLE } from '../delivery/delivery-tables.js';
import { DeliveryService } from '../delivery/delivery.service.js';
import { webhooksDecider, webhookView } from '../webhook.decider.js';
import { checkWebhookUrl } from '../webhook-url-policy.js';

export class UpdateWebhookCommand extends Command<{ webhook: Webhook; position: number }> {
  constructor(
    readonly webhookId: string,
    readonly body: unknown,
    readonly context: AppendContext,
  ) {
    super();
  }
}

export class DeleteWebhookCommand extends Command<{ position: number }> {
  constructor(
    readonly webhookId: string,
    readonly context: AppendContext,
  ) {
    super();
  }
}

@CommandHandler(UpdateWebhookCommand)
export class UpdateWebhookHandler implements ICommandHandler<UpdateWebhookCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(KNEX) private readonly knex: Knex,
    private readonly deliveries: DeliveryService,
  ) {}

  async execute({ webhookId, body, context }: UpdateWebhookCommand): Promise<{ webhook: Webhook; position: number }> {
    const checked = checkWith(UpdateWebhookRequestSchema, body);
    if (!checked.ok) throw new InvalidInputError('The change of the webhook is not valid.', checked.problems);
    const { url, events, paused } = checked.value;
    if (url !== undefined) await checkWebhookUrl(url, this.config.webhookAllowPrivate);
    const command = {
      type: 'UpdateWebhook',
      webhookId,
      ...(url !== undefined ? { url } : {}),
      ...(events !== undefined ? { events } : {}),
      ...(paused !== undefined ? { paused } : {}),
      now: context.recordedAt.toISOString(),
    } as const;
    const { state, events: appended, position } = await decideAndAppend(this.store, WEBHOOKS_STREAM, webhooksDecider, command, context);
    if (appended.some((event) => event.type === 'WebhookResumed')) {
      // A resumed webhook's waiting deliveries go out now, each with a fresh retry window.
      await this.knex(DELIVERIES_TABLE).where({ webhook_id: webhookId, status: 'pending' }).update({ first_failed_at: null, next_attempt_at: context.recordedAt });
      this.deliveries.deliverNow();
    }
    return { webhook: webhookView(state.webhooks.get(webhookId)!), position };
  }
}

@CommandHandler(DeleteWebhookCommand)
export class DeleteWebhookHandler implements ICommandHandler<DeleteWebhookCommand> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ webhookId, context }: DeleteWebhookCommand): Promise<{ position: number }> {
    const { position } = await decideAndAppend(this.store, WEBHOOKS_STREAM, webhooksDecider, { type: 'DeleteWebhook', webhookId, now: context.recordedAt.toISOString() }, context);
    return { position };
  }
}
