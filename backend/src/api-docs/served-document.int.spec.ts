import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { startTestApp, type TestApp } from '../../test/support/test-app.js';

// The document the server serves, as an outside client gets it: redocly's recommended rules find
// no error in it, and openapi-typescript makes a client from it that type-checks a program
// recording a match, reading the leaderboard (whole and a page) and a page's namesakes (docs/api.md).

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../..');
const BIN = path.join(ROOT, 'node_modules/.bin');
// Inside the repository, so the program finds openapi-fetch as a client's project would.
const WORK_DIRS = path.join(ROOT, 'node_modules/.cache/openapi-client');
const QUIET = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };

const PROGRAM = `import createClient from 'openapi-fetch';
import type { components, paths } from './api.js';

type RecordMatchRequest = components['schemas']['RecordMatchRequest'];

export async function recordAndRead(baseUrl: string, adminKey: string): Promise<number> {
  const client = createClient<paths>({ baseUrl });
  const match: RecordMatchRequest = {
    winningTeam: 'team1',
    team1: [{ discordId: '1', username: 'Ava', kills: 10, deaths: 5, assists: 1, score: 900 }],
    team2: [{ discordId: '2', username: 'Ben', kills: 5, deaths: 10, assists: 0, score: 500 }],
  };
  const recorded = await client.POST('/api/matches', { body: match, headers: { 'x-admin-key': adminKey } });
  if (recorded.error) throw new Error(recorded.error.error);
  // A site that reviews public matches answers 202 with a submission instead.
  if (!('matchId' in recorded.data)) throw new Error('The match waits for a moderator.');
  const matchId: number = recorded.data.matchId;
  const change: number = recorded.data.participants[0]!.ratingChange;

  const board = await client.GET('/api/players/leaderboard', { params: { query: { mode: 1 } } });
  if (board.error) throw new Error(board.error.details?.join('; ') ?? board.error.error);
  const first = board.data[0]!;
  const rank: number = first.rank;
  const tier: string = first.tier;
  // @ts-expect-error: the rank is a number, so the client's types are not \`any\`.
  const wrong: string = first.rank;

  // A page of the board, its size, and the namesakes of its players (docs/api.md).
  const page = await client.GET('/api/players/leaderboard', { params: { query: { mode: 1, limit: 50, offset: 50 } } });
  const total = Number(page.response.headers.get('X-Total-Count'));
  const ids = (page.data ?? []).map((entry) => entry.id).join(',');
  const { data: namesakes } = await client.GET('/api/players/namesakes', { params: { query: { ids } } });
  const discordId: string | undefined = namesakes?.[0]?.discordId;

  // @ts-expect-error: a team is team1 or team2.
  const badTeam: RecordMatchRequest['winningTeam'] = 'team3';
  return matchId + change + rank + tier.length + wrong.length + badTeam.length + total + (discordId?.length ?? 0);
}
`;

describe('the served OpenAPI document', () => {
  let app: TestApp;
  let dir: string;
  let documentFile: string;
  beforeAll(async () => {
    app = await startTestApp();
    fs.mkdirSync(WORK_DIRS, { recursive: true });
    dir = fs.mkdtempSync(path.join(WORK_DIRS, 'run-'));
    documentFile = path.join(dir, 'openapi.json');
    const served = await app.call('GET', '/api/docs/openapi.json');
    expect(served.status).toBe(200);
    fs.writeFileSync(documentFile, JSON.stringify(served.body, null, 2));
  });
  afterAll(async () => {
    await app?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('redocly lint with the recommended rules finds no error', async () => {
    const result = await run(path.join(BIN, 'redocly'), ['lint', documentFile, '--format=stylish'], { cwd: dir, env: QUIET }).catch(
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    const output = `${result.stdout}\n${result.stderr}`;
    expect({ exit: 'code' in result ? result.code : 0, output }).toEqual({ exit: 0, output: expect.stringContaining('Your API description is valid') });
  }, 120_000);

  test('openapi-typescript makes a client that type-checks a program recording a match and reading the leaderboard', async () => {
    await run(path.join(BIN, 'openapi-typescript'), [documentFile, '-o', path.join(dir, 'api.d.ts')], { cwd: dir, env: QUIET });
    const types = fs.readFileSync(path.join(dir, 'api.d.ts'), 'utf8');
    expect(types).toContain('"/api/players/leaderboard"');
    expect(types).toContain('LeaderboardEntry: {');

    fs.writeFileSync(path.join(dir, 'program.ts'), PROGRAM);
    fs.writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { strict: true, noEmit: true, target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2023', 'DOM'], types: [], skipLibCheck: true },
        files: ['program.ts'],
      }),
    );
    const checked = await run(path.join(BIN, 'tsc'), ['-p', dir], { cwd: dir }).catch((error: { code: number; stdout: string }) => error);
    expect({ exit: 'code' in checked ? checked.code : 0, errors: checked.stdout }).toEqual({ exit: 0, errors: '' });

    // The same check sees a broken program: the client's types are real.
    fs.writeFileSync(path.join(dir, 'program.ts'), PROGRAM.replace('const tier: string = first.tier;', 'const tier: number = first.tier;'));
    const broken = await run(path.join(BIN, 'tsc'), ['-p', dir], { cwd: dir }).catch((error: { code: number; stdout: string }) => error);
    expect('code' in broken ? broken.code : 0).not.toBe(0);
    expect(broken.stdout).toContain("Type 'string' is not assignable to type 'number'");
  }, 120_000);
});
