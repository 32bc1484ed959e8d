import { randomBytes } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { checkWith, CreateWebhookRequestSchema, WEBHOOKS_STREAM, type AppendContext, type CreatedWebhook, type EventStore } from '@team/contracts';
import type { AppConfig } from '../../config.js';
import { APP_CONFIG, EVENT_STORE } from '../../infrastructure/tokens.js';
import { decideAndAppend } from '../../shared/decide-and-append.js';
import { InvalidInputError } from '../../shared/domain-errors.js';
import { webhooksDecider, webhookView } from '../webhook.decider.js';
import { checkWebhookUrl } from '../webhook-url-policy.js';

/** A Standard Webhooks secret: `whsec_` and 24 random bytes in base64. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(24).toString('base64')}`;

export class CreateWebhookCommand extends Command<CreatedWebhook & { position: number }> {
  constructor(
    readonly body: unknown,
    /** The site's address as the owner reached it (PUBLIC_URL wins when set). */
    readonly siteOrigin: string,
    readonly context: AppendContext,
  ) {
    super();
  }
}

@CommandHandler(CreateWebhookCommand)
export class CreateWebhookHandler implements ICommandHandler<CreateWebhookCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ body, siteOrigin, context }: CreateWebhookCommand): Promise<CreatedWebhook & { position: number }> {
    const checked = checkWith(CreateWebhookRequestSchema, body);
    if (!checked.ok) throw new InvalidInputError('The webhook is not valid.', checked.problems);
    const { url, kind, events } = checked.value;
    await checkWebhookUrl(url, this.config.webhookAllowPrivate);
    const webhookId = `w${randomBytes(6).toString('hex')}`;
    const secret = newWebhookSecret();
    const command = { type: 'CreateWebhook', webhookId, url, kind, events, secret, siteOrigin, now: context.recordedAt.toISOString() } as const;
    const { state, position } = await decideAndAppend(this.store, WEBHOOKS_STREAM, webhooksDecider, command, context);
    const webhook = webhookView(state.webhooks.get(webhookId)!);
    // Discord signs nothing: only a generic webhook's receiver needs the secret.
    return { id: webhookId, ...(kind === 'generic' ? { secret } : {}), webhook, position };
  }
}
