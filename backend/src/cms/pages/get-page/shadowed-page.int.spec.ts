import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { EventStore } from '@team/contracts';
import { EVENT_STORE } from '../../../infrastructure/tokens.js';
import { one, readHead, writeShellFolder } from '../../../../test/support/seo/seo-fixtures.js';
import { createBlock } from '../../../../test/support/cms-requests.js';
import { startTestApp, type TestApp } from '../../../../test/support/test-app.js';

// Issue 42 made `schedule` a route of the site. A site that built a page with that slug before
// keeps it: the API still answers it by its slug, and the app serves it at /pages/schedule
// (its own address, /schedule, now shows the fixtures), which its link preview names.

const SITE = 'https://team.example';

describe('a page built with a slug that is now a route (schedule)', () => {
  let app: TestApp;
  let shellFolder: string;
  const pageId = 900;

  beforeAll(async () => {
    shellFolder = writeShellFolder();
    app = await startTestApp({ STATIC_DIR: shellFolder, PUBLIC_URL: SITE });
    // The events a site made when it created the page, before the slug was reserved.
    const store: EventStore = app.running.app.get(EVENT_STORE);
    const context = { correlationId: randomUUID(), actor: 'admin' as const, recordedAt: new Date() };
    await store.append('page-slug-schedule', [{ id: randomUUID(), type: 'PageSlugReserved', data: { slug: 'schedule', pageId } }], 'no_stream', context);
    await store.append(`page-${pageId}`, [{ id: randomUUID(), type: 'PageCreated', data: { id: pageId, slug: 'schedule', title: 'Match calendar', isSystem: false } }], 'no_stream', context);
    // Written through the API, so the answer waits for the read tables to hold the page too.
    await createBlock(app, pageId, { title: '<p>Our season</p>', content: '<p>Scrims every Friday at eight.</p>' });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(shellFolder, { recursive: true, force: true });
  });

  const shell = async (path: string) => {
    const response = await fetch(app.baseUrl + path);
    return { status: response.status, head: readHead(await response.text()) };
  };

  test('the API still answers the page by its slug, and lists it', async () => {
    const page = await app.call('GET', '/api/pages/schedule');
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ id: pageId, slug: 'schedule', title: 'Match calendar' });
    expect(page.body.contentBlocks.map((block: { content: string }) => block.content)).toEqual(['<p>Scrims every Friday at eight.</p>']);
    expect((await app.call('GET', '/api/pages')).body.map((p: { slug: string }) => p.slug)).toContain('schedule');
  });

  test('/pages/schedule is the page, with its own address; /schedule stays the fixtures', async () => {
    const moved = await shell('/pages/schedule');
    expect(moved.status).toBe(200);
    expect(one(moved.head, 'og:title')).toBe('Match calendar');
    expect(moved.head.canonical).toEqual([`${SITE}/pages/schedule`]);
    const schedule = await shell('/schedule');
    expect(schedule.status).toBe(200);
    expect(one(schedule.head, 'og:title')).toBe('Schedule');
  });

  test('the sitemap names the page at /pages/schedule', async () => {
    const sitemap = await (await fetch(`${app.baseUrl}/sitemap-1.xml`)).text();
    expect(sitemap).toContain(`<loc>${SITE}/pages/schedule</loc>`);
    expect(sitemap).not.toContain(`<loc>${SITE}/schedule</loc>`);
  });

  test('/pages/ serves no other page: an ordinary slug has one address', async () => {
    expect((await shell('/pages/events')).status).toBe(404);
  });

  test('a new page cannot take the slug, and the refusal says why; nothing is appended', async () => {
    const before = await app.eventCount();
    const refused = await app.call('POST', '/api/pages', { admin: true, json: { slug: 'schedule', title: 'Another' } });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: 'The slug "schedule" is already a route of the site: /schedule shows the team\'s schedule and results. Choose another slug.' });
    expect(await app.eventCount()).toBe(before);
  });
});
