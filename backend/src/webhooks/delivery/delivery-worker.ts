import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { WakeableSleep } from '@team/projections';
import type { WebhookDirectory } from '../webhook-directory.js';
import type { WebhookRecord } from '../webhook.decider.js';
import { afterFailure } from './retry-schedule.js';
import { deliveryRequest, type QueuedDelivery } from './delivery-request.js';
import { ATTEMPTS_TABLE, DELIVERIES_TABLE } from './delivery-tables.js';
import { delivered, sendDelivery, type SendOutcome } from './webhook-sender.js';

/** Deliveries one process makes at once (each holds a connection of the worker's own pool). */
export const DELIVERY_LANES = 4;
const POLL_MS = 1000;
const RETRY_MS = 2000;

export interface WorkerOptions {
  /** The worker's own pool (DELIVERY_LANES connections): a hanging receiver holds one, never a request's. */
  knex: Knex;
  directory: WebhookDirectory;
  allowPrivate: boolean;
  retryWindowMs: number;
  clock: () => Date;
  random: () => number;
  logger: Logger;
  /** Pauses a webhook whose delivery failed for the whole retry window (a WebhookPaused event). */
  pauseFailing(webhookId: string, reason: string): Promise<void>;
}

/** Thrown inside a delivery's transaction when the process stops mid-attempt: it rolls back, and the delivery is made again. */
class Stopping extends Error {}

interface DeliveryRow {
  id: string;
  webhook_id: string;
  type: QueuedDelivery['type'];
  position: string | null;
  occurred_at: Date;
  data: QueuedDelivery['data'];
  attempts: number;
  first_failed_at: Date | null;
}

/**
 * Makes the queued deliveries. Each lane claims one due delivery with
 * `SELECT … FOR UPDATE SKIP LOCKED` and keeps the row locked for the attempt, so every API
 * process shares the work and no delivery is made by two at once; the attempt, its outcome and
 * the next step commit together. A process killed mid-attempt (kill -9) loses its connection,
 * the lock goes with it, and another lane makes the delivery again under the same id (at least
 * once: the receiver deduplicates by webhook-id). A failure is retried with backoff and
 * jitter (Retry-After when given) until the retry window, counted from its first failure, has
 * passed; then the delivery is failed and its webhook paused. Paused webhooks' deliveries wait.
 */
export class DeliveryWorker {
  private running = false;
  private lanes: Promise<void>[] = [];
  private readonly wakeups = Array.from({ length: DELIVERY_LANES }, () => new WakeableSleep());
  private readonly stop$ = new AbortController();

  constructor(private readonly options: WorkerOptions) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.lanes = this.wakeups.map((wakeup) => this.lane(wakeup));
  }

  /** Abandons the attempts under way (their transactions roll back: another process makes them). */
  async stop(): Promise<void> {
    this.running = false;
    this.stop$.abort();
    this.signal();
    await Promise.all(this.lanes);
  }

  signal(): void {
    for (const wakeup of this.wakeups) wakeup.signal();
  }

  private async lane(wakeup: WakeableSleep): Promise<void> {
    while (this.running) {
      let worked = false;
      try {
        worked = await this.deliverOne();
      } catch (error) {
        if (!this.running) break;
        this.options.logger.warn({ err: error }, 'webhook delivery failed to run; it is tried again');
        await wakeup.sleep(RETRY_MS, !this.running);
        continue;
      }
      if (!worked) await wakeup.sleep(POLL_MS, !this.running);
    }
  }

  /** Claims and makes one due delivery; false when none is due. */
  async deliverOne(): Promise<boolean> {
    const { knex, directory } = this.options;
    const webhooks = (await directory.current()).webhooks;
    const paused = [...webhooks.values()].filter((webhook) => webhook.paused).map((webhook) => webhook.id);
    let giveUp: { webhookId: string; reason: string } | null = null;
    try {
      const worked = await knex.transaction(async (trx) => {
        const { rows } = await trx.raw(
          `SELECT id, webhook_id, type, position, occurred_at, data, attempts, first_failed_at FROM ${DELIVERIES_TABLE}
            WHERE status = 'pending' AND next_attempt_at <= ? AND NOT (webhook_id = ANY(?::text[]))
            ORDER BY next_attempt_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
          [this.options.clock(), paused],
        );
        const row = rows[0] as DeliveryRow | undefined;
        if (!row) return false;
        const webhook = webhooks.get(row.webhook_id);
        if (!webhook) {
          // Deleted since it was queued: nothing is sent.
          await trx(DELIVERIES_TABLE).where({ id: row.id }).update({ status: 'failed', next_attempt_at: null });
          return true;
        }
        giveUp = await this.attempt(trx, row, webhook);
        return true;
      });
      return worked;
    } catch (error) {
      if (error instanceof Stopping) return false;
      throw error;
    } finally {
      const pause = giveUp as { webhookId: string; reason: string } | null;
      if (pause) await this.options.pauseFailing(pause.webhookId, pause.reason).catch((error: unknown) => this.options.logger.warn({ err: error }, 'pausing a failing webhook failed'));
    }
  }

  /** One attempt of a claimed delivery, recorded in its transaction; what to pause when it gave up. */
  private async attempt(trx: Knex.Transaction, row: DeliveryRow, webhook: WebhookRecord): Promise<{ webhookId: string; reason: string } | null> {
    const startedAt = this.options.clock();
    const delivery: QueuedDelivery = {
      id: row.id,
      type: row.type,
      position: row.position === null ? 0 : Number(row.position),
      occurredAt: new Date(row.occurred_at).toISOString(),
      data: row.data,
    };
    const { headers, body } = deliveryRequest(webhook, delivery, startedAt);
    const outcome = await sendDelivery({ url: webhook.url, headers, body, allowPrivate: this.options.allowPrivate }, this.stop$.signal);
    if (!this.running) throw new Stopping();
    const attempt = row.attempts + 1;
    await trx(ATTEMPTS_TABLE).insert({
      delivery_id: row.id,
      attempt,
      started_at: startedAt,
      status: outcome.status,
      ms: outcome.ms,
      error: outcome.error,
      excerpt: outcome.excerpt,
    });
    const now = this.options.clock();
    if (delivered(outcome)) {
      await trx(DELIVERIES_TABLE).where({ id: row.id }).update({ status: 'delivered', attempts: attempt, delivered_at: now, next_attempt_at: null, first_failed_at: null });
      return null;
    }
    const firstFailedAt = row.first_failed_at ? new Date(row.first_failed_at) : startedAt;
    const next = afterFailure({ attempts: attempt, firstFailedAt, now, windowMs: this.options.retryWindowMs, retryAfter: outcome.retryAfter, random: this.options.random });
    if (next.giveUp) {
      await trx(DELIVERIES_TABLE).where({ id: row.id }).update({ status: 'failed', attempts: attempt, next_attempt_at: null, first_failed_at: firstFailedAt });
      return { webhookId: webhook.id, reason: pauseReason(this.options.retryWindowMs, outcome) };
    }
    await trx(DELIVERIES_TABLE).where({ id: row.id }).update({ attempts: attempt, next_attempt_at: next.at, first_failed_at: firstFailedAt });
    return null;
  }
}

function windowText(ms: number): string {
  const hours = ms / 3_600_000;
  if (hours >= 1 && Number.isInteger(hours)) return `${hours} hour${hours === 1 ? '' : 's'}`;
  return `${Math.round(ms / 1000)} seconds`;
}

/** What Operations shows for a webhook the worker paused. */
export function pauseReason(windowMs: number, last: SendOutcome): string {
  const answer = last.status === null ? last.error ?? 'no answer' : `HTTP ${last.status}${last.error ? ` (${last.error})` : ''}`;
  return `Deliveries failed for ${windowText(windowMs)}; the last attempt got: ${answer}. Fix the receiver, then resume the webhook.`;
}
