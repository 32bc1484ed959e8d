import { CommandBus } from '@nestjs/cqrs';
import { LADDER_LOG, type RecordedKeyLog } from '../runtime/ladder-log.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { seedDemo } from './seed-demo.js';

describe('seedDemo', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  test('records realistic matches through the command path, with duplicates to merge; a rerun adds nothing', async () => {
    const commands = app.running.app.get(CommandBus);
    const log = app.running.app.get<RecordedKeyLog>(LADDER_LOG);
    const summary = await seedDemo(commands, { matches: 60, seed: 7, log });
    expect(summary.matches).toBe(60);
    expect(await app.eventCount()).toBe(60);
    await app.running.projector!.waitFor(summary.lastPosition, 10_000);

    const stats = (await app.call('GET', '/api/stats/global')).body;
    expect(stats.totalMatches).toBe(60);
    expect(stats.totalPlayers).toBe(summary.players);
    const modes = new Set((await app.knex('ladder_matches').select('mode_id')).map((r) => r.mode_id));
    expect(modes).toEqual(new Set([null, 1, 2, 3]));
    expect(Number((await app.knex('ladder_matches').where({ stats_used: false }).count({ n: '*' }))[0]!.n)).toBeGreaterThan(0);

    const groups = (await app.call('GET', '/api/players/duplicates', { admin: true })).body;
    expect(groups.length).toBeGreaterThan(0);
    // The demo's second accounts never share a match with the first, so every group can be merged.
    const [primary, duplicate] = groups[0].players;
    const merged = await app.call('POST', '/api/players/merge', { json: { primaryId: primary.id, duplicateId: duplicate.id }, admin: true });
    expect(merged.status).toBe(200);

    // A rerun dates its matches the same way: most lie outside the idempotency window, so the log says what exists.
    await seedDemo(commands, { matches: 60, seed: 7, log });
    expect(await app.eventCount()).toBe(61);
  });
});
