import { Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import type { QueuedDelivery, WebhookDeliveryList } from '@team/contracts';
import { AdminKeyGuard } from '../../admin-access/admin-key.guard.js';
import { RequiresRole } from '../../admin-access/admin-role.js';
import { InvalidInputError, NotFoundError } from '../../shared/domain-errors.js';
import { DeliveryService } from '../delivery/delivery.service.js';
import { WEBHOOK_NOT_FOUND } from '../webhook.decider.js';
import { WebhookDirectory } from '../webhook-directory.js';
import { webhookIdParam } from '../webhook-url-policy.js';

const DELIVERY_ID = /^(\d{1,18}-w[0-9a-f]{12}|test-[0-9a-f-]{36})$/;

/** A webhook's delivery log, its test delivery and redeliveries (the owner's). */
@Controller('api/admin/webhooks/:id')
@UseGuards(AdminKeyGuard)
@RequiresRole('owner')
export class WebhookDeliveriesController {
  constructor(
    private readonly deliveries: DeliveryService,
    private readonly directory: WebhookDirectory,
  ) {}

  @Get('deliveries')
  async list(@Param('id') id: string): Promise<WebhookDeliveryList> {
    return { deliveries: await this.deliveries.list(await this.existing(id)) };
  }

  @Post('test')
  @HttpCode(202)
  async test(@Param('id') id: string): Promise<QueuedDelivery> {
    return { deliveryId: await this.deliveries.queueTest(await this.existing(id)) };
  }

  @Post('deliveries/:deliveryId/redeliver')
  @HttpCode(202)
  async redeliver(@Param('id') id: string, @Param('deliveryId') deliveryId: string): Promise<QueuedDelivery> {
    if (!DELIVERY_ID.test(deliveryId)) throw new InvalidInputError('The delivery id is not valid.');
    await this.deliveries.redeliver(await this.existing(id), deliveryId);
    return { deliveryId };
  }

  private async existing(raw: string): Promise<string> {
    const id = webhookIdParam(raw);
    if (!(await this.directory.current()).webhooks.has(id)) throw new NotFoundError(WEBHOOK_NOT_FOUND);
    return id;
  }
}
