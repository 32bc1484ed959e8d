import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { RateLimiter } from '../../http/rate-limiter.js';
import { LOGGER } from '../../infrastructure/tokens.js';
import { ServiceUnavailableError, TooManyRequestsError } from '../../shared/domain-errors.js';
import { Semaphore } from '../../tracker/time-travel/semaphore.js';
import { SiteReads } from '../site-reads.js';
import { AVATAR_SIZE, CardAvatars } from './card-avatars.js';
import { drawCard } from './card-designs.js';
import { CardRenderer, RENDER_THREADS } from './render-card.js';
import { cardVersion, matchCardOf, playerCardOf, siteCardOf, type ShareCard } from './share-card.js';

/** Renders at once per process, one per worker thread of the renderer (render-card.ts). */
const RENDER_CONCURRENCY = RENDER_THREADS;
/** Renders that may wait for a turn; one more is answered 503 at once. */
const RENDER_QUEUE = 8;
/** How long a waiting render may wait before 503 (a render takes about 50–150 ms). */
const RENDER_WAIT_MS = 5_000;
/** The Retry-After of a 503. */
const BUSY_RETRY_SECONDS = 5;
/**
 * Fresh renders one address may ask for per minute in this process (a cached card costs none).
 * Generous, because a chat service's preview fetcher is one address for all of its users.
 */
const RENDERS_PER_MINUTE = 60;
/** Memory the rendered PNGs may hold (a card is about 40–60 KB). */
const PNG_CACHE_BYTES = 32 * 1024 * 1024;
/** Lookups remembered: an id at one read position, found or not. */
const LOOKUP_CACHE = 5_000;

export type CardSubject = 'match' | 'player';

/** A card found for a request, with its version (the ETag). */
export interface FoundCard {
  card: ShareCard;
  version: string;
}

/**
 * The share cards of matches and players (and the site's own), as PNGs. What a card shows is
 * looked up once per id and read position; the picture is rendered once per version (a hash of
 * what it shows), so a card whose match or player has not changed is never drawn again. Drawing
 * happens on the renderer's worker threads (render-card.ts), so the event loop is free meanwhile.
 *
 * A flood of requests for cards not yet drawn is bounded three ways: an address may ask for
 * RENDERS_PER_MINUTE fresh renders (429 beyond), at most RENDER_CONCURRENCY run at once with
 * RENDER_QUEUE waiting (503 with Retry-After beyond), and concurrent requests for one card share
 * its render. Unknown ids cost a read, as the API's own reads do, and are remembered too.
 */
@Injectable()
export class ShareCards implements OnApplicationShutdown {
  private readonly lookups = new LRUCache<string, { found: FoundCard | null }>({ max: LOOKUP_CACHE });
  private readonly pngs = new LRUCache<string, Buffer>({ maxSize: PNG_CACHE_BYTES, sizeCalculation: (png) => png.length });
  private readonly rendering = new Map<string, Promise<Buffer>>();
  private readonly slots = new Semaphore(RENDER_CONCURRENCY, RENDER_WAIT_MS, busy);
  private readonly budget = new RateLimiter({ limit: RENDERS_PER_MINUTE, windowMs: 60_000 });
  private readonly renderer = new CardRenderer();
  private drawn = 0;

  constructor(
    private readonly reads: SiteReads,
    private readonly avatars: CardAvatars,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The card of a match or player, or null when there is none (unknown, or merged away). */
  async find(subject: CardSubject, id: number): Promise<FoundCard | null> {
    const [board, { teamName, dateLocale }] = await Promise.all([this.reads.board(), this.reads.siteSettings()]);
    // The team's name is on every card's frame, and a match card's date is in the site's locale:
    // a renamed team or another locale is a new card.
    const key = `${subject}:${id}@${board.position}:${teamName}:${dateLocale}`;
    const known = this.lookups.get(key);
    if (known) return known.found;
    let card: ShareCard | null;
    if (subject === 'player') {
      const entry = board.entryOf(id);
      card = entry ? playerCardOf(entry, board.size, teamName, await this.avatars.of(id)) : null;
    } else {
      const match = await this.reads.match(id);
      card = match ? matchCardOf(match, teamName, dateLocale) : null;
    }
    const found = card ? { card, version: cardVersion(card) } : null;
    this.lookups.set(key, { found });
    return found;
  }

  /** How many cards this process has drawn (a cached card is not drawn again). */
  get cardsDrawn(): number {
    return this.drawn;
  }

  /** The renderer's worker threads running now (none before the first card is drawn). */
  get renderThreads(): number {
    return this.renderer.threads;
  }

  /** After the HTTP server has closed (its answers sent): the worker threads stop. */
  async onApplicationShutdown(): Promise<void> {
    await this.renderer.close();
  }

  async site(): Promise<FoundCard> {
    const card = siteCardOf(await this.reads.siteSettings());
    return { card, version: cardVersion(card) };
  }

  /**
   * The card's PNG: from memory, or drawn within the bounds (`requester` is the address's
   * budget key). Throws TooManyRequestsError (429) or ServiceUnavailableError (503).
   */
  async png({ card, version }: FoundCard, requester: string): Promise<Buffer> {
    const cached = this.pngs.get(version);
    if (cached) return cached;
    const inFlight = this.rendering.get(version);
    if (inFlight) return inFlight;
    if (this.slots.inUse.waiting >= RENDER_QUEUE) throw busy();
    const wait = this.budget.hit(requester);
    if (wait > 0) throw new TooManyRequestsError(`Too many new share cards asked for from your address. Try again in ${wait} seconds.`, wait);
    const render = this.slots.run(async () => {
      this.drawn += 1;
      return this.renderer.render(drawCard(card, card.kind === 'player' ? await this.avatarPicture(card.avatar) : null));
    });
    this.rendering.set(version, render);
    try {
      const png = await render;
      this.pngs.set(version, png);
      return png;
    } catch (error) {
      if (!(error instanceof ServiceUnavailableError)) this.logger.error({ err: error, card: card.kind }, 'share card failed to render');
      throw error;
    } finally {
      this.rendering.delete(version);
    }
  }

  /**
   * The avatar as a data: URL of a square PNG, or null: a rendition whose bytes are gone or are no
   * image sharp reads is drawn as no avatar (and said in the log), never a failed card. A failed
   * read of the store fails the card, so no picture without it is kept under its version.
   */
  private async avatarPicture(rendition: string | null): Promise<string | null> {
    if (!rendition) return null;
    const bytes = await this.avatars.bytes(rendition);
    const png = bytes && (await this.renderer.picture(bytes, AVATAR_SIZE));
    if (!png) {
      this.logger.warn({ rendition }, 'share card drawn without its avatar: the image is not stored or cannot be read');
      return null;
    }
    return `data:image/png;base64,${png.toString('base64')}`;
  }
}

function busy(): ServiceUnavailableError {
  return new ServiceUnavailableError('Share cards are busy right now. Try again in a few seconds.', BUSY_RETRY_SECONDS);
}
