import { startTestApp, TEST_ADMIN_KEY, type TestApp } from '../../test/support/test-app.js';

const wrongKey = { 'x-admin-key': `${TEST_ADMIN_KEY}-guess` };
const section = { page: 'about', section: 'story', title: '<p>Story</p>', content: '', imageUrl: null };

describe('admin key attempts from one address', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ ADMIN_FAILURES_PER_15_MIN: '10' });
  });
  afterAll(() => app.close());

  test('the right key works within the budget, and is refused once the address has spent it', async () => {
    expect((await app.call('POST', '/api/content', { admin: true, json: section })).status).toBe(201);
    for (let i = 0; i < 12; i++) await app.call('GET', '/api/admin/session', { headers: wrongKey });
    expect((await app.call('GET', '/api/admin/session', { admin: true })).status).toBe(429);
    expect((await app.call('POST', '/api/content', { admin: true, json: section })).status).toBe(429);
  });

  test('wrong keys beyond the budget get 429 with Retry-After, and nothing is appended', async () => {
    const before = await app.eventCount();
    const refused = await app.call('POST', '/api/content', { json: section, headers: wrongKey });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: expect.stringMatching(/^Too many wrong admin keys\. Try again in \d+ seconds\.$/) });
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    // Without any key it is not a guess, but the address is blocked all the same.
    const keyless = await app.call('POST', '/api/content', { json: section });
    expect(keyless.status).toBe(429);
    expect(await app.eventCount()).toBe(before);
  });
});

describe('admin key attempts within the budget', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ ADMIN_FAILURES_PER_15_MIN: '3' });
  });
  afterAll(() => app.close());

  test('the first wrong keys are 401 and the one past the budget is 429; nothing is appended', async () => {
    const before = await app.eventCount();
    for (let i = 0; i < 3; i++) {
      const answer = await app.call('POST', '/api/content', { json: section, headers: wrongKey });
      expect([answer.status, answer.body]).toEqual([401, { error: 'The admin key is not valid.' }]);
    }
    expect((await app.call('POST', '/api/content', { json: section, headers: wrongKey })).status).toBe(429);
    expect(await app.eventCount()).toBe(before);
  });
});
