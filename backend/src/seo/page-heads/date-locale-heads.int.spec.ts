import fs from 'node:fs';
import { handClock, scheduleFixture } from '../../../test/support/fixtures/fixture-requests.js';
import { matchLine, recordMatch } from '../../../test/support/ladder-requests.js';
import { one, readHead, writeShellFolder } from '../../../test/support/seo/seo-fixtures.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

// The dates a link preview and a share card write for people are in the site's stored
// `dateLocale` (docs/site-settings.md), in UTC: one plain GET, as a preview fetcher reads a page.

describe("dates in page heads and share cards follow the site's dateLocale", () => {
  let app: TestApp;
  let shellFolder: string;
  let matchId: number;
  let fixtureId: number;
  const clock = handClock('2025-03-04T09:30:00Z');

  beforeAll(async () => {
    shellFolder = writeShellFolder();
    app = await startTestApp({ STATIC_DIR: shellFolder, PUBLIC_URL: 'https://team.example' }, undefined, clock.read);
    ({ matchId } = await recordMatch(app, { modeId: 1, map: 'Skidrow', winningTeam: 'team1', team1: [matchLine('d-a', 'Alpha')], team2: [matchLine('d-b', 'Bravo')] }));
    ({ id: fixtureId } = await scheduleFixture(app, { opponent: 'Night Owls', startsAt: '2030-03-14T18:00:00Z', event: 'Spring Cup' }));
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(shellFolder, { recursive: true, force: true });
  });

  const head = async (path: string) => readHead(await (await fetch(app.baseUrl + path)).text());

  test('a fresh site writes them in en-US; after the settings say de-DE, in German, and the match card is a new one', async () => {
    const before = await head(`/tracker/matches/${matchId}`);
    expect(one(before, 'og:description')).toContain('Hardpoint · Skidrow · Mar 4, 2025.');
    expect(one(await head(`/schedule/${fixtureId}`), 'og:description')).toBe('Starts Mar 14, 2030, 06:00 PM UTC · Spring Cup · Bo3');

    expect((await app.call('PUT', '/api/admin/site', { admin: true, json: { dateLocale: 'de-DE' } })).status).toBe(200);
    const after = await head(`/tracker/matches/${matchId}`);
    expect(one(after, 'og:description')).toContain('Hardpoint · Skidrow · 4. März 2025.');
    expect(one(after, 'og:image:alt')).toContain('4. März 2025');
    expect(one(await head(`/schedule/${fixtureId}`), 'og:description')).toBe('Starts 14. März 2030, 18:00 UTC · Spring Cup · Bo3');
    // The card draws its date: another locale is another picture, at another address.
    expect(one(after, 'og:image')).not.toBe(one(before, 'og:image'));
    const card = await fetch(one(after, 'og:image').replace('https://team.example', app.baseUrl));
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/png');
  });
});
