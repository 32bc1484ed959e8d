import { fileURLToPath } from 'node:url';
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Piscina } from 'piscina';
import { MAX_MEDIA_PIXELS, MAX_MEDIA_SIDE, MEDIA_WIDTHS } from '@team/contracts';

/** The worker's file, plain JavaScript that is never built (found as the share cards' worker is). */
export const IMAGE_WORKER_FILE = fileURLToPath(new URL('../../src/media/image-worker.mjs', import.meta.url));

export interface ResizedImage {
  width: number;
  height: number;
  variants: { width: number; height: number; bytes: Buffer }[];
}

type WorkerAnswer =
  | { ok: true; width: number; height: number; format: string; variants: { width: number; height: number; bytes: Uint8Array }[]; threadId: number }
  | { ok: false; problem: string };

/** An upload the worker could not take, with the sentence to answer. */
export class UnreadableImageError extends Error {}

const THREADS = 2;
const IDLE_THREAD_MS = 60_000;

/**
 * Reads and resizes uploads on worker threads (image-worker.mjs, sharp), so the event loop only
 * hands over the bytes and gets the WebPs back. The pool starts with the first upload and
 * closes with the application.
 */
@Injectable()
export class ImageProcessor implements OnApplicationShutdown {
  private pool: Piscina<{ bytes: Uint8Array; widths: number[]; maxPixels: number; maxSide: number }, WorkerAnswer> | null = null;
  /** The threads (their `threadId`) that have resized an upload: the pool's, never the event loop's own (0). */
  readonly resizedOn = new Set<number>();

  /** The pool's worker threads running now (none before the first upload). */
  get threads(): number {
    return this.pool?.threads.length ?? 0;
  }

  async resize(bytes: Buffer): Promise<ResizedImage> {
    this.pool ??= new Piscina({ filename: IMAGE_WORKER_FILE, minThreads: 0, maxThreads: THREADS, idleTimeout: IDLE_THREAD_MS });
    const answer = await this.pool.run({ bytes: new Uint8Array(bytes), widths: [...MEDIA_WIDTHS], maxPixels: MAX_MEDIA_PIXELS, maxSide: MAX_MEDIA_SIDE });
    if (!answer.ok) throw new UnreadableImageError(answer.problem);
    this.resizedOn.add(answer.threadId);
    return {
      width: answer.width,
      height: answer.height,
      variants: answer.variants.map((variant) => ({ ...variant, bytes: Buffer.from(variant.bytes.buffer, variant.bytes.byteOffset, variant.bytes.byteLength) })),
    };
  }

  async onApplicationShutdown(): Promise<void> {
    const pool = this.pool;
    this.pool = null;
    await pool?.destroy();
  }
}
