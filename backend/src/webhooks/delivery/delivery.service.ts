import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { WEBHOOK_TEST_EVENT, WEBHOOKS_STREAM, type EventStore, type WebhookAttempt, type WebhookDelivery } from '@team/contracts';
import type { AppConfig } from '../../config.js';
import { createKnex } from '../../infrastructure/database.js';
import { APP_CONFIG, CLOCK, DATABASE_URL, EVENT_STORE, KNEX, LOGGER, type Clock } from '../../infrastructure/tokens.js';
import { decideAndAppend } from '../../shared/decide-and-append.js';
import { NotFoundError } from '../../shared/domain-errors.js';
import { webhooksDecider } from '../webhook.decider.js';
import { WebhookDirectory } from '../webhook-directory.js';
import { DeliveryDispatcher } from './delivery-dispatcher.js';
import { ATTEMPTS_TABLE, DELIVERIES_TABLE, webhookTablesCreator } from './delivery-tables.js';
import { DELIVERY_LANES, DeliveryWorker } from './delivery-worker.js';

/** The deliveries a webhook's log shows. */
const LISTED_DELIVERIES = 50;

export const DELIVERY_NOT_FOUND = 'Delivery not found';

/**
 * Every API process runs the dispatcher (log → delivery rows) and the worker (rows → HTTP);
 * the database's row locks share the work between processes. This is also what the owner's
 * calls read and queue: the delivery log, tests and redeliveries.
 */
@Injectable()
export class DeliveryService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly ensureTables: () => Promise<void>;
  private workerKnex: Knex | null = null;
  private dispatcher: DeliveryDispatcher | null = null;
  private worker: DeliveryWorker | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(KNEX) private readonly knex: Knex,
    @Inject(DATABASE_URL) private readonly databaseUrl: string,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly directory: WebhookDirectory,
  ) {
    this.ensureTables = webhookTablesCreator(knex);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.webhookAllowPrivate) {
      this.logger.warn('WEBHOOK_ALLOW_PRIVATE=true: webhooks may reach loopback and private addresses over http or https (for tests and LAN setups only)');
    }
    // Its own pool: a receiver that hangs for the whole timeout holds one of these, never a request's.
    this.workerKnex = createKnex(this.databaseUrl, DELIVERY_LANES, 'team-site-webhooks');
    this.worker = new DeliveryWorker({
      knex: this.workerKnex,
      directory: this.directory,
      allowPrivate: this.config.webhookAllowPrivate,
      retryWindowMs: this.config.webhookRetryWindowMs,
      clock: this.clock,
      random: Math.random,
      logger: this.logger,
      pauseFailing: (webhookId, reason) => this.pauseFailing(webhookId, reason),
    });
    this.dispatcher = new DeliveryDispatcher({
      knex: this.knex,
      store: this.store,
      directory: this.directory,
      ensureTables: this.ensureTables,
      publicUrl: this.config.publicUrl,
      clock: this.clock,
      logger: this.logger,
      onQueued: () => this.worker?.signal(),
    });
    await this.dispatcher.start();
    this.worker.start();
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([this.dispatcher?.stop(), this.worker?.stop()]);
    await this.workerKnex?.destroy();
  }

  /** Wakes the worker: something is due now. */
  deliverNow(): void {
    this.worker?.signal();
  }

  /** The webhook's latest deliveries, newest first, each with its attempts. */
  async list(webhookId: string): Promise<WebhookDelivery[]> {
    await this.ensureTables();
    const rows = await this.knex(DELIVERIES_TABLE).where({ webhook_id: webhookId }).orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(LISTED_DELIVERIES);
    const attempts = rows.length === 0 ? [] : await this.knex(ATTEMPTS_TABLE).whereIn('delivery_id', rows.map((row) => row.id)).orderBy('attempt');
    const byDelivery = new Map<string, WebhookAttempt[]>();
    for (const attempt of attempts) {
      const list = byDelivery.get(attempt.delivery_id) ?? [];
      list.push({
        attempt: attempt.attempt,
        startedAt: new Date(attempt.started_at).toISOString(),
        status: attempt.status,
        ms: attempt.ms,
        error: attempt.error,
        excerpt: attempt.excerpt,
      });
      byDelivery.set(attempt.delivery_id, list);
    }
    return rows.map((row) => ({
      id: row.id,
      webhookId: row.webhook_id,
      type: row.type,
      position: row.position === null ? null : Number(row.position),
      status: row.status,
      createdAt: new Date(row.created_at).toISOString(),
      deliveredAt: row.delivered_at ? new Date(row.delivered_at).toISOString() : null,
      nextAttemptAt: row.status === 'pending' && row.next_attempt_at ? new Date(row.next_attempt_at).toISOString() : null,
      attempts: byDelivery.get(row.id) ?? [],
    }));
  }

  /** Queues a test delivery to the webhook (its own id, no log position). */
  async queueTest(webhookId: string): Promise<string> {
    await this.ensureTables();
    const now = this.clock();
    const id = `test-${randomUUID()}`;
    await this.knex(DELIVERIES_TABLE).insert({
      id,
      webhook_id: webhookId,
      type: WEBHOOK_TEST_EVENT,
      position: null,
      occurred_at: now,
      data: JSON.stringify({ message: 'A test delivery from the team site: this webhook works.' }),
      status: 'pending',
      next_attempt_at: now,
      created_at: now,
    });
    this.deliverNow();
    return id;
  }

  /** Makes a delivery again, with the same id and body: now, with a fresh retry window. */
  async redeliver(webhookId: string, deliveryId: string): Promise<void> {
    await this.ensureTables();
    const changed = await this.knex(DELIVERIES_TABLE)
      .where({ id: deliveryId, webhook_id: webhookId })
      .update({ status: 'pending', next_attempt_at: this.clock(), first_failed_at: null, delivered_at: null });
    if (changed === 0) throw new NotFoundError(DELIVERY_NOT_FOUND);
    this.deliverNow();
  }

  /** The worker's pause, once a delivery failed for the whole retry window: a system event. */
  private async pauseFailing(webhookId: string, reason: string): Promise<void> {
    const now = this.clock();
    await decideAndAppend(this.store, WEBHOOKS_STREAM, webhooksDecider, { type: 'PauseFailingWebhook', webhookId, reason, now: now.toISOString() }, {
      correlationId: randomUUID(),
      actor: 'system',
      recordedAt: now,
    });
    this.logger.warn({ webhookId, reason }, 'webhook paused: its deliveries failed for the whole retry window');
  }
}
