import { Inject, Injectable } from '@nestjs/common';
import { WEBHOOKS_STREAM, type EventStore, type RecordedEvent, type WebhookEvent } from '@team/contracts';
import { EVENT_STORE } from '../infrastructure/tokens.js';
import { asWebhookEvent, evolveWebhooks, initialWebhooksState, type WebhooksState } from './webhook.decider.js';

/**
 * The webhooks, folded from the `webhooks` stream: the write model itself, so every API process
 * sees a change (a pause, a delete) as soon as its append commits. Each read first takes what
 * was appended past the revision it holds (one indexed query, usually empty). The stream's
 * events are kept with their positions, so the delivery dispatcher can ask which webhooks
 * existed at any point of the log (a webhook hears only events after its creation).
 */
@Injectable()
export class WebhookDirectory {
  private readonly events: RecordedEvent<WebhookEvent>[] = [];
  private state: WebhooksState = initialWebhooksState();
  private reading: Promise<void> | null = null;

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /** The webhooks now. */
  async current(): Promise<WebhooksState> {
    await this.catchUp();
    return this.state;
  }

  /** The webhooks as they stood once the log's event at `position` was appended. */
  async at(position: number): Promise<WebhooksState> {
    await this.catchUp();
    let state = initialWebhooksState();
    for (const event of this.events) {
      if (event.position > position) break;
      state = evolveWebhooks(state, asWebhookEvent(event));
    }
    return state;
  }

  /** Reads past the revision held; callers arriving during a read wait for the next one, which starts after them. */
  private async catchUp(): Promise<void> {
    while (this.reading) await this.reading;
    this.reading = (async () => {
      const fresh = (await this.store.readStream(WEBHOOKS_STREAM, this.events.length)) as RecordedEvent<WebhookEvent>[];
      for (const event of fresh) {
        this.events.push(event);
        this.state = evolveWebhooks(this.state, asWebhookEvent(event));
      }
    })().finally(() => (this.reading = null));
    await this.reading;
  }
}
