import type { EventStore } from '@team/contracts';
import { EVENT_STORE } from '../infrastructure/tokens.js';
import { matchLine, recordMatch } from '../../test/support/ladder-requests.js';
import { startTestApp, TEST_ADMIN_KEY, type TestApp } from '../../test/support/test-app.js';
import { ExportController } from './export.controller.js';

// The export slots under hostile clients: one export per address, one slot kept for admins, a
// total time limit, and the match export's single read of the log. An export is held here by a
// read of the log that does not return until the test lets it (what a socket that never reads
// does to a real export: the slot stays taken), so nothing depends on socket buffer sizes.

/** The controller's store, with reads of the log that wait for `release()` while `holding`. */
function gatedStore(store: EventStore) {
  const gate = { holding: true, waiting: 0, reads: [] as number[], release: () => {} };
  let opened = new Promise<void>((resolve) => (gate.release = resolve));
  const gated = {
    headPosition: () => store.headPosition(),
    readStream: (streamId: string, from?: number) => store.readStream(streamId, from),
    async readAll(after: number, batchSize: number) {
      gate.reads.push(after);
      if (gate.holding) {
        gate.waiting++;
        await opened;
        gate.waiting--;
      }
      return store.readAll(after, batchSize);
    },
  };
  const reset = () => {
    gate.release();
    opened = new Promise<void>((resolve) => (gate.release = resolve));
  };
  return { gate, gated: gated as unknown as EventStore, reset };
}

describe('export limits', () => {
  let app: TestApp;
  let controller: ExportController;
  let gate: ReturnType<typeof gatedStore>['gate'];
  let reset: () => void;
  const aborts: AbortController[] = [];

  /** Starts an export from `address` and waits until it holds a slot (its read of the log waits), or is answered. */
  async function hold(address: string, path = '/api/export/matches.csv', headers: Record<string, string> = {}) {
    const abort = new AbortController();
    aborts.push(abort);
    const waitingBefore = gate.waiting;
    const answer = fetch(`${app.baseUrl}${path}`, { headers: { 'x-forwarded-for': address, ...headers }, signal: abort.signal }).catch((error: unknown) => error);
    const reading = (async () => {
      for (const deadline = Date.now() + 10_000; gate.waiting === waitingBefore && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 10));
      return gate.waiting > waitingBefore ? ('held' as const) : ('not reading' as const);
    })();
    const first = await Promise.race([answer, reading]);
    // The CSV's header line may reach the client before the export reads the log: a 200 is held once it reads.
    const settled = first instanceof Response && first.status === 200 ? await reading : first;
    return { settled, answer, abort };
  }

  beforeAll(async () => {
    app = await startTestApp({ TRUST_PROXY: '1' });
    await recordMatch(app, { winningTeam: 'team1', team1: [matchLine('1001', 'Ada')], team2: [matchLine('1002', 'Bob')] });
    controller = app.running.app.get(ExportController);
    const store = app.running.app.get<EventStore>(EVENT_STORE);
    const built = gatedStore(store);
    ({ gate, reset } = built);
    (controller as unknown as { store: EventStore }).store = built.gated;
  });
  afterEach(async () => {
    for (const abort of aborts.splice(0)) abort.abort();
    gate.holding = false;
    reset();
    // The server sees the aborted clients a moment later.
    for (const deadline = Date.now() + 10_000; controller.runningExports > 0 && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 20));
    gate.holding = true;
    gate.reads.length = 0;
  });
  afterAll(async () => {
    await app?.close();
  });

  test('one export per address: a second one at once gets 429 with Retry-After and the error shape; another address is served', async () => {
    expect((await hold('198.51.100.1')).settled).toBe('held');
    const second = (await hold('198.51.100.1')).settled as Response;
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await second.json()).toEqual({ error: 'An export from your address is still running. Wait for it to finish, then try again.' });
    expect((await hold('198.51.100.2')).settled).toBe('held');
  });

  test('anonymous exports take at most all slots but one: the admin event-log export still gets the last', async () => {
    for (const address of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) expect((await hold(address)).settled).toBe('held');
    const fourth = (await hold('192.0.2.4')).settled as Response;
    expect(fourth.status).toBe(503);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await hold('192.0.2.5', '/api/admin/export/events.ndjson', { 'x-admin-key': TEST_ADMIN_KEY })).settled).toBe('held');
  });

  test('an export past its total time limit is cut and its slot freed', async () => {
    const before = controller.maxExportMs;
    controller.maxExportMs = 300;
    try {
      const held = await hold('203.0.113.7');
      expect(held.settled).toBe('held');
      // The read of the log never returns, yet the response is cut within a generous bound.
      const outcome = await Promise.race([
        held.answer.then(async (answer) => (answer instanceof Response ? answer.text().then(() => 'ended', () => 'cut') : 'cut')),
        new Promise((resolve) => setTimeout(() => resolve('still running'), 10_000).unref()),
      ]);
      expect(outcome).not.toBe('still running');
      for (const deadline = Date.now() + 10_000; controller.runningExports > 0 && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 20));
      expect(controller.runningExports).toBe(0);
    } finally {
      controller.maxExportMs = before;
    }
  });

  test('the match export reads the log once', async () => {
    gate.holding = false;
    const response = await fetch(`${app.baseUrl}/api/export/matches.json`, { headers: { 'x-forwarded-for': '203.0.113.8' } });
    expect(response.status).toBe(200);
    expect(JSON.parse(await response.text())).toHaveLength(1);
    // One pass from the start of the log (one page here): not a pass for the voids and another for the matches.
    expect(gate.reads).toEqual([0]);
  });
});
