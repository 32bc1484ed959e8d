import { MAX_MEDIA_BYTES } from '@team/contracts';
import { createAdminKey } from '../../../test/support/admin-keys.js';
import { startTestApp, TEST_ADMIN_KEY, type TestApp } from '../../../test/support/test-app.js';
import { MEDIA_BLOBS_TABLE } from '../media-blobs.js';
import { pngBomb, pngOf, upload } from '../../../test/support/media-uploads.js';
import { matchLine, recordMatch } from '../../../test/support/ladder-requests.js';

const SAFE_SVG = '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="64" height="32" viewBox="0 0 64 32"><defs><linearGradient id="g"><stop offset="0" stop-color="#e11d48"/></linearGradient></defs><rect width="64" height="32" fill="url(#g)"/></svg>';

describe('the media library: POST, GET and DELETE /api/admin/media, and /media/{file}', () => {
  let app: TestApp;
  let editor: string;
  let moderator: string;
  let recorder: string;

  beforeAll(async () => {
    app = await startTestApp({ ADMIN_FAILURES_PER_15_MIN: '1000' });
    editor = (await createAdminKey(app, 'Eddie', 'editor')).key;
    moderator = (await createAdminKey(app, 'Mo', 'moderator')).key;
    recorder = (await createAdminKey(app, 'Rey', 'recorder')).key;
  });
  afterAll(() => app?.close());

  const blobCount = async () => Number((await app.knex(MEDIA_BLOBS_TABLE).count({ n: '*' }).first())?.n ?? 0);

  test('an editor uploads a PNG: 201 with its size, WebPs at each narrower width, served immutable by content hash', async () => {
    const png = await pngOf(1000, 500);
    const before = await app.eventCount();
    const answer = await upload(app.baseUrl, { bytes: png, name: 'logo.png', type: 'image/png' }, { alt: 'Nova logo', key: editor });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ width: 1000, height: 500, alt: 'Nova logo', contentType: 'image/png', fileName: 'logo.png' });
    expect(answer.body.id).toMatch(/^m[0-9a-f]{16}$/);
    expect(answer.body.url).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
    const hash = answer.body.url.slice('/media/'.length, -'.png'.length);
    expect(answer.body.srcset).toBe(`/media/${hash}-320.webp 320w, /media/${hash}-640.webp 640w`);
    expect(await app.eventCount()).toBe(before + 1);
    const [event] = await app.knex('events').where({ type: 'MediaUploaded' }).orderBy('position', 'desc').limit(1);
    expect(event.data).toMatchObject({ hash, width: 1000, height: 500, alt: 'Nova logo' });
    expect(event.metadata.adminKey.name).toBe('Eddie');

    const original = await fetch(app.baseUrl + answer.body.url);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('image/png');
    expect(original.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await original.arrayBuffer()).equals(png)).toBe(true);
    const webp = await fetch(`${app.baseUrl}/media/${hash}-640.webp`);
    expect(webp.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await webp.arrayBuffer());
    expect(bytes.subarray(8, 12).toString('ascii')).toBe('WEBP');
    expect((await fetch(`${app.baseUrl}/media/${hash}-1280.webp`)).status).toBe(404);

    const list = await app.call('GET', '/api/admin/media', { headers: { 'x-admin-key': editor } });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 1, page: 1, items: [{ id: answer.body.id, usedBy: [] }] });
  });

  test('a sanitised SVG is stored with its own size; an image narrower than every width gets one WebP', async () => {
    const svg = await upload(app.baseUrl, { bytes: Buffer.from(SAFE_SVG), name: 'mark.svg' }, { key: TEST_ADMIN_KEY });
    expect(svg.status).toBe(201);
    expect(svg.body).toMatchObject({ width: 64, height: 32, contentType: 'image/svg+xml', srcset: '' });
    const served = await fetch(app.baseUrl + svg.body.url);
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect(await served.text()).toContain('<rect');
    const small = await upload(app.baseUrl, { bytes: await pngOf(100, 40), name: 'tiny.png' }, { key: TEST_ADMIN_KEY });
    expect(small.body.srcset).toMatch(/-100\.webp 100w$/);
  });

  test.each([
    ['a file whose bytes are not an image (named .png)', () => ({ bytes: Buffer.from('just some text, not a picture'), name: 'fake.png', type: 'image/png' }), 400, /not a PNG, JPEG, WebP, GIF or SVG image \(its content was checked, not its name\)/],
    ['an image bomb (100,000 × 100,000 pixels in a few bytes)', () => ({ bytes: pngBomb(), name: 'bomb.png' }), 400, /^The image is 100000×100000 pixels: at most 12000 pixels a side and 40,000,000 pixels in all are taken\.$/],
    ['an SVG with a script', () => ({ bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), name: 'x.svg' }), 400, /The SVG holds a script/],
    ['an SVG with an event handler', () => ({ bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), name: 'x.svg' }), 400, /event handler \(onload\)/],
    ['an SVG with an external reference', () => ({ bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="https://evil.example/x.png"/></svg>'), name: 'x.svg' }), 400, /links outside itself/],
    ['an SVG with a url() reference', () => ({ bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect fill="url(https://evil.example/p)"/></svg>'), name: 'x.svg' }), 400, /outside file/],
    ['an SVG with a foreignObject', () => ({ bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><p>x</p></foreignObject></svg>'), name: 'x.svg' }), 400, /foreignObject/],
    ['a file of 10 MB + 1 byte', () => ({ bytes: Buffer.alloc(MAX_MEDIA_BYTES + 1, 1), name: 'big.png' }), 413, /too large/],
  ])('refuses %s with a clear message, storing nothing', async (_, file, status, message) => {
    const [events, blobs] = [await app.eventCount(), await blobCount()];
    const answer = await upload(app.baseUrl, file(), { key: editor });
    expect(answer.status).toBe(status);
    expect(answer.body.error).toMatch(message);
    expect(await app.eventCount()).toBe(events);
    expect(await blobCount()).toBe(blobs);
  });

  test('refuses a body that is not multipart, and a form without a file part', async () => {
    const before = await app.eventCount();
    const json = await app.call('POST', '/api/admin/media', { json: { file: 'x' }, headers: { 'x-admin-key': editor } });
    expect(json.status).toBe(400);
    expect(json.body.error).toMatch(/multipart\/form-data/);
    const form = new FormData();
    form.append('alt', 'no file');
    const noFile = await fetch(`${app.baseUrl}/api/admin/media`, { method: 'POST', body: form, headers: { 'x-admin-key': editor } });
    expect(noFile.status).toBe(400);
    expect((await noFile.json()).error).toMatch(/no file part/);
    expect(await app.eventCount()).toBe(before);
  });

  test.each([
    ['moderator', () => moderator],
    ['recorder', () => recorder],
  ])('a %s key gets 403 on every media route, and nothing is stored', async (_, key) => {
    const before = await app.eventCount();
    expect((await upload(app.baseUrl, { bytes: await pngOf(10, 10), name: 'a.png' }, { key: key() })).status).toBe(403);
    expect((await app.call('GET', '/api/admin/media', { headers: { 'x-admin-key': key() } })).status).toBe(403);
    expect((await app.call('DELETE', '/api/admin/media/m0000000000000000', { headers: { 'x-admin-key': key() } })).status).toBe(403);
    expect((await upload(app.baseUrl, { bytes: await pngOf(10, 10), name: 'a.png' })).status).toBe(401);
    expect(await app.eventCount()).toBe(before);
  });

  test('the list names where an image is used; a deleted image is no longer served and its bytes are gone', async () => {
    const png = await upload(app.baseUrl, { bytes: await pngOf(700, 300), name: 'hero.png' }, { key: editor, alt: 'Hero' });
    expect(png.status).toBe(201);
    expect((await app.call('PUT', '/api/admin/site', { admin: true, json: { logoUrl: png.body.url } })).status).toBe(200);
    const section = await app.call('POST', '/api/content', { admin: true, json: { page: 'home', section: 'hero', title: '<p>Hi</p>', content: '<p>x</p>', imageUrl: png.body.url } });
    expect(section.status).toBe(201);
    const list = await app.call('GET', '/api/admin/media', { headers: { 'x-admin-key': editor } });
    expect(list.body.items.find((item: { id: string }) => item.id === png.body.id).usedBy).toEqual(['Home page: section hero', 'Site logo']);

    const blobs = await blobCount();
    const deleted = await app.call('DELETE', `/api/admin/media/${png.body.id}`, { headers: { 'x-admin-key': editor } });
    expect(deleted.status).toBe(204);
    expect((await fetch(app.baseUrl + png.body.url)).status).toBe(404);
    expect(await blobCount()).toBe(blobs - 3);
    expect((await app.call('DELETE', `/api/admin/media/${png.body.id}`, { headers: { 'x-admin-key': editor } })).status).toBe(404);
  });

  test("the list also names a player's avatar and a fixture's opponent logo, so deleting either asks first", async () => {
    const png = await upload(app.baseUrl, { bytes: await pngOf(400, 400), name: 'face.png' }, { key: editor, alt: 'Face' });
    expect(png.status).toBe(201);
    await recordMatch(app, { winningTeam: 'team1', team1: [matchLine('ace-id', 'Ace')], team2: [matchLine('bee-id', 'Bee')] });
    const players = (await app.call('GET', '/api/players')).body as { id: number; username: string }[];
    const ace = players.find((player) => player.username === 'Ace')!.id;
    const profile = await app.call('PUT', `/api/admin/players/${ace}/profile`, { json: { avatarUrl: png.body.url }, headers: { 'x-admin-key': moderator } });
    expect(profile.status).toBe(200);
    const fixture = await app.call('POST', '/api/admin/fixtures', {
      headers: { 'x-admin-key': moderator },
      json: { opponent: 'Night Owls', opponentLogoUrl: png.body.url, startsAt: '2030-03-14T19:00:00Z', format: 'bo3' },
    });
    expect(fixture.status).toBe(201);
    const list = await app.call('GET', '/api/admin/media', { headers: { 'x-admin-key': editor } });
    expect(list.body.items.find((item: { id: string }) => item.id === png.body.id).usedBy).toEqual([
      `Player Ace (ID ${ace}): avatar`,
      'Fixture against Night Owls: opponent logo',
    ]);
  });
});
