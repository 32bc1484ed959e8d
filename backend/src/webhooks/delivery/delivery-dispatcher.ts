import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { READ_MODELS_CHECKPOINT, readCheckpoint, WakeableSleep } from '@team/projections';
import { WEBHOOK_EVENT_TYPES, type EventStore, type RecordedEvent, type WebhookEvent } from '@team/contracts';
import { asWebhookEvent, evolveWebhooks, type WebhookRecord } from '../webhook.decider.js';
import type { WebhookDirectory } from '../webhook-directory.js';
import { DELIVERIES_TABLE, DISPATCH_CHECKPOINT, DISPATCH_TABLE } from './delivery-tables.js';
import { deliveryOf } from './webhook-payloads.js';

/** Events read per turn. */
const BATCH = 500;
/** A poll when no append was signalled (the store's signal is a hint). */
const POLL_MS = 1000;
const RETRY_MS = 2000;
const webhookEventTypes = new Set<string>(WEBHOOK_EVENT_TYPES);

export interface DispatcherOptions {
  knex: Knex;
  store: Pick<EventStore, 'readAll' | 'headPosition' | 'onAppended'>;
  directory: WebhookDirectory;
  ensureTables: () => Promise<void>;
  /** PUBLIC_URL, else each webhook's own site address is used for links. */
  publicUrl: string | null;
  clock: () => Date;
  logger: Logger;
  /** Told when deliveries were queued: the worker looks at once. */
  onQueued: () => void;
}

/**
 * The log's subscriber for webhooks: it follows the global log from its own checkpoint
 * (public.webhook_dispatch) and turns each event a webhook hears about into one delivery row
 * per (event, webhook), with the stable id `${position}-${webhookId}`. The rows and the
 * checkpoint's move commit together, so a crash (kill -9 included) neither loses nor repeats a
 * delivery; every process runs it, and the one that holds the checkpoint row's lock
 * (FOR UPDATE SKIP LOCKED) does a turn while the others skip. A webhook hears only what the log
 * holds after its creation, and nothing while it is paused. It stays behind the read tables, so
 * a match's page and share card exist when the receiver follows the link. Imported history is
 * not announced.
 */
export class DeliveryDispatcher {
  private running = false;
  private loop: Promise<void> | null = null;
  private readonly wakeup = new WakeableSleep();
  private stopListening: (() => void) | null = null;

  constructor(private readonly options: DispatcherOptions) {}

  async start(): Promise<void> {
    if (this.running) return;
    await this.options.ensureTables();
    try {
      await this.ensureCheckpoint();
    } catch (error) {
      this.options.logger.warn({ err: error }, 'webhook dispatcher: the log cannot be read yet; it starts once it can');
    }
    this.running = true;
    this.stopListening = this.options.store.onAppended(() => this.wakeup.signal());
    this.loop = this.follow();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.stopListening?.();
    this.wakeup.signal();
    await this.loop;
  }

  signal(): void {
    this.wakeup.signal();
  }

  /**
   * A site that gets webhooks now (or a restored one) starts at the head: no past event is
   * announced. Done in the loop, not at start: a log that cannot be read yet (KurrentDB down)
   * must not stop the API from starting.
   */
  private checkpointed = false;
  private async ensureCheckpoint(): Promise<void> {
    if (this.checkpointed) return;
    const head = await this.options.store.headPosition();
    await this.options.knex(DISPATCH_TABLE).insert({ name: DISPATCH_CHECKPOINT, position: head }).onConflict('name').ignore();
    this.checkpointed = true;
  }

  private async follow(): Promise<void> {
    while (this.running) {
      let moved = false;
      try {
        await this.ensureCheckpoint();
        moved = await this.turn();
      } catch (error) {
        if (!this.running) break;
        this.options.logger.warn({ err: error }, 'webhook dispatcher: a turn failed; it is tried again');
        await this.wakeup.sleep(RETRY_MS, !this.running);
        continue;
      }
      if (!moved) await this.wakeup.sleep(POLL_MS, !this.running);
    }
  }

  /** One batch of the log turned into deliveries; false when there was nothing to do (or another process holds the turn). */
  async turn(): Promise<boolean> {
    const { knex, store, directory } = this.options;
    let queued = 0;
    const moved = await knex.transaction(async (trx) => {
      const { rows } = await trx.raw(`SELECT position FROM ${DISPATCH_TABLE} WHERE name = ? FOR UPDATE SKIP LOCKED`, [DISPATCH_CHECKPOINT]);
      if (rows.length === 0) return false;
      const from = Number(rows[0].position);
      const readTables = (await readCheckpoint(knex, READ_MODELS_CHECKPOINT))?.position ?? 0;
      if (readTables <= from) return false;
      const events = (await store.readAll(from, BATCH)).filter((event) => event.position <= readTables);
      if (events.length === 0) return false;
      let state = await directory.at(from);
      const now = this.options.clock();
      const deliveries: Record<string, unknown>[] = [];
      for (const event of events) {
        if (webhookEventTypes.has(event.type)) {
          state = evolveWebhooks(state, asWebhookEvent(event as RecordedEvent<WebhookEvent>));
          continue;
        }
        if (event.metadata.imported) continue;
        for (const webhook of state.webhooks.values()) {
          const row = this.deliveryRow(event, webhook, now);
          if (row) deliveries.push(row);
        }
      }
      for (let i = 0; i < deliveries.length; i += 500) {
        const inserted = await trx(DELIVERIES_TABLE).insert(deliveries.slice(i, i + 500)).onConflict('id').ignore().returning('id');
        queued += inserted.length;
      }
      await trx(DISPATCH_TABLE).where({ name: DISPATCH_CHECKPOINT }).update({ position: events.at(-1)!.position, updated_at: now });
      return true;
    });
    if (queued > 0) this.options.onQueued();
    return moved;
  }

  private deliveryRow(event: RecordedEvent, webhook: WebhookRecord, now: Date): Record<string, unknown> | null {
    if (webhook.paused) return null;
    const delivery = deliveryOf(event, this.options.publicUrl ?? webhook.siteOrigin);
    if (!delivery || !webhook.events.includes(delivery.name)) return null;
    return {
      id: `${event.position}-${webhook.id}`,
      webhook_id: webhook.id,
      type: delivery.name,
      position: event.position,
      occurred_at: event.metadata.recordedAt,
      data: JSON.stringify(delivery.data),
      status: 'pending',
      next_attempt_at: now,
      created_at: now,
    };
  }
}
