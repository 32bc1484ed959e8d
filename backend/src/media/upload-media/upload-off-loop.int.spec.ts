import { monitorEventLoopDelay } from 'node:perf_hooks';
import { threadId } from 'node:worker_threads';
import { MEDIA_WIDTHS } from '@team/contracts';
import { pngOf, upload } from '../../../test/support/media-uploads.js';
import { startTestApp, TEST_ADMIN_KEY, type TestApp } from '../../../test/support/test-app.js';
import { ImageProcessor } from '../image-processor.js';

// Uploads are decoded and resized on worker threads (docs/site-settings.md, "Raster images"):
// while several large images are resized, the event loop keeps answering. The assertions are
// structural (which thread resized, that the loop answered at all) plus one generous bound a
// busy machine does not reach: a 16-megapixel decode and four WebP encodes on the loop would
// hold it for seconds.

const IMAGES = 4;
const SIDE = 4000;
/** The loop's longest stall allowed while the uploads run: far above a busy machine's scheduling, far below a resize. */
const MAX_LOOP_DELAY_MS = 1000;

describe('uploads resized off the event loop', () => {
  let app: TestApp;
  let images: Buffer[];

  beforeAll(async () => {
    app = await startTestApp();
    // One colour each, so every upload is its own image (and its own resize).
    images = await Promise.all(Array.from({ length: IMAGES }, (_, i) => pngOf(SIDE, SIDE, { r: 40 * i, g: 120, b: 200 - 30 * i })));
  });
  afterAll(() => app?.close());

  test(`${IMAGES} images of ${SIDE}×${SIDE} at once: each resized on a worker thread, and the loop never stalls for ${MAX_LOOP_DELAY_MS} ms`, async () => {
    const processor = app.running.app.get(ImageProcessor);
    // The pool starts with the first upload: a small one, so the thread's start is not measured.
    expect((await upload(app.baseUrl, { bytes: await pngOf(64, 64), name: 'warm.png' }, { key: TEST_ADMIN_KEY })).status).toBe(201);

    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    let uploading = true;
    const batch = Promise.all(images.map((bytes, i) => upload(app.baseUrl, { bytes, name: `big-${i}.png` }, { key: TEST_ADMIN_KEY })));
    void batch.finally(() => (uploading = false));
    // A cheap endpoint, asked again and again while the images are resized.
    let answered = 0;
    while (uploading) {
      expect((await fetch(`${app.baseUrl}/api/health`)).status).toBe(200);
      answered++;
    }
    const answers = await batch;
    delay.disable();

    for (const answer of answers) {
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({ width: SIDE, height: SIDE });
      expect(answer.body.srcset.split(', ')).toHaveLength(MEDIA_WIDTHS.length);
    }
    // Structural: every resize ran on one of the pool's threads, none on the event loop's.
    expect(processor.resizedOn.size).toBeGreaterThanOrEqual(1);
    expect(processor.resizedOn.size).toBeLessThanOrEqual(2);
    // `threadId` is this event loop's own thread (0 on the main thread).
    expect([...processor.resizedOn]).not.toContain(threadId);
    expect(processor.threads).toBeGreaterThanOrEqual(1);
    expect(processor.threads).toBeLessThanOrEqual(2);
    // The loop answered while the resizes ran, and never stood still for long.
    expect(answered).toBeGreaterThanOrEqual(1);
    expect(delay.max / 1e6).toBeLessThan(MAX_LOOP_DELAY_MS);
  });
});
