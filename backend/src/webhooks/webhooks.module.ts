import { Module } from '@nestjs/common';
import { CreateWebhookHandler } from './create-webhook/create-webhook.command.js';
import { DeleteWebhookHandler, UpdateWebhookHandler } from './change-webhook/change-webhook.command.js';
import { DeliveryService } from './delivery/delivery.service.js';
import { WebhooksController } from './manage-webhooks/webhooks.controller.js';
import { WebhookDeliveriesController } from './webhook-deliveries/webhook-deliveries.controller.js';
import { WebhookDirectory } from './webhook-directory.js';

/** Outgoing webhooks: the owner's calls, and the delivery of the log's events to them. */
@Module({
  controllers: [WebhooksController, WebhookDeliveriesController],
  providers: [WebhookDirectory, DeliveryService, CreateWebhookHandler, UpdateWebhookHandler, DeleteWebhookHandler],
  exports: [WebhookDirectory],
})
export class WebhooksModule {}
