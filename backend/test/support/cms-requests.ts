// Shared requests for the CMS integration tests: they go through the real HTTP API.
import type { ContentBlock, ContentSection, Page } from '@team/contracts';
import type { TestApp } from './test-app.js';

export async function createSection(app: TestApp, overrides: Record<string, unknown> = {}): Promise<ContentSection> {
  const { status, body } = await app.call('POST', '/api/content', {
    admin: true,
    json: { page: 'about', section: 'our-story', title: '<p>Our Story</p>', content: '<p>Once</p>', imageUrl: null, ...overrides },
  });
  if (status !== 201) throw new Error(`createSection: ${status} ${JSON.stringify(body)}`);
  return body as ContentSection;
}

export async function createPage(app: TestApp, slug: string, title = 'A page'): Promise<Page> {
  const { status, body } = await app.call('POST', '/api/pages', { admin: true, json: { slug, title } });
  if (status !== 201) throw new Error(`createPage: ${status} ${JSON.stringify(body)}`);
  return body as Page;
}

/** A block body as the page builder sends it for a new block (docs/product.md#states-and-transitions defaults). */
export function newBlock(pageId: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    pageId,
    blockType: 'text',
    layout: 'full',
    order: 0,
    padding: 'medium',
    textAlign: 'left',
    title: '',
    content: '',
    videoUrl: null,
    imageUrl: null,
    buttonText: null,
    buttonUrl: null,
    buttonStyle: null,
    ...overrides,
  };
}

export async function createBlock(app: TestApp, pageId: number, overrides: Record<string, unknown> = {}): Promise<ContentBlock> {
  const { status, body } = await app.call('POST', '/api/blocks', { admin: true, json: newBlock(pageId, overrides) });
  if (status !== 201) throw new Error(`createBlock: ${status} ${JSON.stringify(body)}`);
  return body as ContentBlock;
}

/** The events of one stream, oldest first, as stored. */
export async function streamEvents(app: TestApp, streamId: string): Promise<{ type: string; data: any }[]> {
  return app.knex('events').where({ stream_id: streamId }).orderBy('revision').select('type', 'data');
}

/** The XSS payloads every rich-text field must defuse. */
export const XSS = {
  img: '<img src=x onerror=alert(1)>',
  script: '<script>alert(1)</script>',
  link: '<a href="javascript:alert(1)">click</a>',
};

/** Nothing executable left: no script tags, no on* handlers, no javascript: URLs. */
export function expectHarmless(html: string | null): void {
  expect(html ?? '').not.toMatch(/<script|onerror|on\w+\s*=|javascript:/i);
}

/** Replays the whole log into fresh read tables through the admin API and waits until it is done. */
export async function rebuildReadModels(app: TestApp): Promise<void> {
  const started = await app.call('POST', '/api/admin/projections/rebuild', { admin: true });
  if (started.status !== 202) throw new Error(`rebuild: ${started.status} ${JSON.stringify(started.body)}`);
  // Up to 30 s of polls: a busy machine's margin for a rebuild of a test's few events.
  for (let attempt = 0; attempt < 600; attempt++) {
    const { rebuild } = (await app.call('GET', '/api/admin/operations', { admin: true })).body;
    if (!rebuild.running) {
      if (rebuild.lastError) throw new Error(`rebuild failed: ${rebuild.lastError}`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('rebuild did not finish');
}
