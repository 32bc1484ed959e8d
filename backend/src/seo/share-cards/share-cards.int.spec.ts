import http from 'node:http';
import type { RecordMatchResponse } from '@team/contracts';
import { matchLine, recordMatch } from '../../../test/support/ladder-requests.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { pngSize, rawGet, type RawResponse } from '../../../test/support/seo/seo-fixtures.js';
import { ShareCards } from './share-cards.js';

// The share cards: PNGs of 1200×630, drawn once per version and then served from memory (ETag,
// 304), 404 for what names no match or player, and a flood that never gets past its bounds.

describe('share cards (/og/…png)', () => {
  let app: TestApp;
  let cards: ShareCards;
  let match: RecordMatchResponse;

  beforeAll(async () => {
    app = await startTestApp();
    cards = app.running.app.get(ShareCards);
    match = await recordMatch(app, {
      modeId: 1,
      map: 'Skidrow',
      winningTeam: 'team2',
      team1Score: 190,
      team2Score: 250,
      team1: [matchLine('d-alpha', 'Alpha <script>'), matchLine('d-cyr', 'Привет')],
      team2: [matchLine('d-bravo', 'Bravo & "Co"'), matchLine('d-charlie', 'Charlie')],
    });
  });
  afterAll(() => app.close());

  const get = (path: string, headers: Record<string, string> = {}) => rawGet(app.baseUrl + path, headers);

  test("a match's card and a player's card are PNGs of 1200×630, with an ETag and a max-age", async () => {
    for (const path of [`/og/matches/${match.matchId}.png`, `/og/players/${match.participants[0]!.playerId}.png`, '/og/site.png']) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['cache-control']).toBe('public, max-age=300');
      expect(response.headers.etag).toMatch(/^"[\w-]{16}"$/);
      expect(pngSize(response.body)).toEqual({ width: 1200, height: 630 });
    }
  });

  test('a card is drawn once: the same bytes again from memory, and 304 for the ETag the client holds', async () => {
    const path = `/og/players/${match.participants[2]!.playerId}.png`;
    const first = await get(path);
    const drawn = cards.cardsDrawn;
    const again = await get(`${path}?v=whatever`);
    expect(again.status).toBe(200);
    expect(again.body.equals(first.body)).toBe(true);
    expect(again.headers.etag).toBe(first.headers.etag);
    const revalidated = await get(path, { 'if-none-match': first.headers.etag! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.etag).toBe(first.headers.etag);
    expect(revalidated.body).toHaveLength(0);
    expect(cards.cardsDrawn).toBe(drawn);
  });

  test("a card that shows something new (the player's next match) is a new version, drawn once more", async () => {
    const bravo = match.participants[2]!;
    const path = `/og/players/${bravo.playerId}.png`;
    const before = await get(path);
    await recordMatch(app, { winningTeam: 'team1', team1: [matchLine('d-bravo', 'Bravo & "Co"')], team2: [matchLine('d-delta', 'Delta')] });
    const drawn = cards.cardsDrawn;
    const after = await get(path, { 'if-none-match': before.headers.etag! });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(cards.cardsDrawn).toBe(drawn + 1);
    // An unchanged card keeps its version across read positions: the match's card is not drawn again.
    const matchCard = await get(`/og/matches/${match.matchId}.png`);
    expect(matchCard.status).toBe(200);
    expect(cards.cardsDrawn).toBe(drawn + 1);
  });

  test.each([
    '/og/matches/999999.png',
    '/og/matches/0.png',
    '/og/matches/abc.png',
    '/og/matches/1.jpg',
    '/og/matches/1',
    '/og/matches/99999999999.png',
    '/og/players/999999.png',
    '/og/players/-1.png',
    '/og/teams/1.png',
  ])('%s answers 404', async (path) => {
    const response = await get(path);
    expect(response.status).toBe(404);
    expect(response.headers['cache-control']).not.toBe('public, max-age=300');
  });

  test('2,000 requests at once for known and unknown cards: 200, 404, or the documented 429/503 with Retry-After; the server keeps answering', async () => {
    const recorded = [];
    for (let i = 0; i < 12; i++) {
      recorded.push(await recordMatch(app, { winningTeam: 'team1', team1: [matchLine(`d-flood-a${i}`, `Flood A${i}`)], team2: [matchLine(`d-flood-b${i}`, `Flood B${i}`)] }));
    }
    const known = [
      ...recorded.map((line) => `/og/matches/${line.matchId}.png`),
      ...recorded.flatMap((line) => line.participants.map((player) => `/og/players/${player.playerId}.png`)),
    ];
    const paths = Array.from({ length: 2000 }, (_, i) =>
      i % 4 === 0 ? `/og/matches/${1_000_000 + i}.png` : i % 4 === 1 ? `/og/players/${1_000_000 + i}.png` : known[i % known.length]!,
    );
    const drawnBefore = cards.cardsDrawn;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 200 });
    try {
      const flood = Promise.all(paths.map((path) => rawGet(app.baseUrl + path, {}, { agent })));
      // While the flood is in: the API still answers.
      const health = await app.call('GET', '/api/health');
      const answers: RawResponse[] = await flood;
      expect(health.status).toBe(200);

      const statuses = new Set(answers.map((answer) => answer.status));
      expect([...statuses].filter((status) => ![200, 404, 429, 503].includes(status))).toEqual([]);
      answers.forEach((answer, i) => {
        if (paths[i]!.includes('/1000')) expect(answer.status).toBe(404);
        if (answer.status === 429 || answer.status === 503) expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
        if (answer.status === 200) expect(pngSize(answer.body)).toEqual({ width: 1200, height: 630 });
      });
      // Concurrent requests for one card shared its drawing.
      expect(cards.cardsDrawn - drawnBefore).toBeLessThanOrEqual(known.length);
    } finally {
      agent.destroy();
    }
    // Afterwards every known card is there, one by one.
    for (const path of known) expect((await get(path)).status).toBe(200);
    expect(cards.cardsDrawn - drawnBefore).toBeLessThanOrEqual(known.length);
  });
});
