import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { MAX_MEDIA_PIXELS } from '@team/contracts';
import { CARD_HEIGHT, CARD_WIDTH } from './card-size.js';

/** An element in satori's object syntax (what JSX would compile to): a tag, its style and children. */
export interface CardNode {
  type: 'div' | 'span';
  props: { style?: Record<string, string | number>; children?: CardChild | CardChild[] };
}
/** A picture on a card: `src` is a data: URL, so satori fetches nothing. */
export interface CardImage {
  type: 'img';
  props: { src: string; width: number; height: number; style?: Record<string, string | number> };
}
export type CardChild = CardNode | CardImage | string;

type RenderTask = { card: CardNode; width: number; height: number };
type PictureTask = { bytes: Uint8Array; size: number; maxPixels: number };

/**
 * Inter from @fontsource/inter, shipped in node_modules: no font is fetched at run time. Each
 * script's subset is its own font, so a name in Cyrillic, Greek or Vietnamese finds its glyphs
 * (satori falls back through every font it is given); a script none covers shows a box.
 */
const SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese'] as const;
const WEIGHTS = [400, 700] as const;

const require = createRequire(import.meta.url);

/** The font files a worker reads on its first card (WOFF, not WOFF2: satori reads TTF, OTF and WOFF). */
function fontFiles(): { name: string; file: string; weight: number }[] {
  return SUBSETS.flatMap((subset) =>
    WEIGHTS.map((weight) => ({ name: `Inter ${subset}`, file: require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`), weight })),
  );
}

/**
 * The worker's file, plain JavaScript that is never built: found through the package's folder,
 * since this module runs from backend/src under Jest and from backend/dist in the server, both
 * three folders below it.
 */
export const RENDER_WORKER_FILE = fileURLToPath(new URL('../../../src/seo/share-cards/render-worker.mjs', import.meta.url));

/** Worker threads: as many as ShareCards renders at once, so a card never waits for a thread. */
export const RENDER_THREADS = 2;
/** A thread beyond the first is stopped after this long without a card. */
const IDLE_THREAD_MS = 60_000;

/**
 * Draws share cards as 1200×630 PNGs on worker threads (render-worker.mjs: satori lays a card out
 * into SVG, resvg rasterises it), so the event loop only builds the drawing and receives the
 * bytes; a picture a card shows (a player's avatar) is decoded and scaled there too, by sharp. The
 * pool starts on the first card (one thread kept warm, its fonts parsed; a second while two cards
 * are drawn at once) and is closed with the application.
 */
export class CardRenderer {
  private pool: Piscina<RenderTask | PictureTask, Uint8Array | null> | null = null;
  private closed = false;

  async render(card: CardNode): Promise<Buffer> {
    const png = (await this.started().run({ card, width: CARD_WIDTH, height: CARD_HEIGHT }))!;
    return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  }

  /**
   * An image of the media library as a `size`×`size` PNG (cropped to the square, centred), for a
   * card to draw; null when its bytes are not an image sharp can read (the card goes without it).
   */
  async picture(bytes: Buffer, size: number): Promise<Buffer | null> {
    const png = await this.started().run({ bytes: new Uint8Array(bytes), size, maxPixels: MAX_MEDIA_PIXELS }, { name: 'picture' });
    return png ? Buffer.from(png.buffer, png.byteOffset, png.byteLength) : null;
  }

  /** The pool, started on the first task. */
  private started(): Piscina<RenderTask | PictureTask, Uint8Array | null> {
    if (this.closed) throw new Error('The share card renderer is closed.');
    this.pool ??= new Piscina({
      filename: RENDER_WORKER_FILE,
      minThreads: 1,
      maxThreads: RENDER_THREADS,
      idleTimeout: IDLE_THREAD_MS,
      workerData: { fonts: fontFiles() },
    });
    return this.pool;
  }

  /** The threads running now (none before the first card). */
  get threads(): number {
    return this.pool?.threads.length ?? 0;
  }

  /** Stops the threads; a card being drawn is abandoned (its request fails). */
  async close(): Promise<void> {
    this.closed = true;
    const pool = this.pool;
    this.pool = null;
    await pool?.destroy();
  }
}
