import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

// `npm run import` (scripts/import.mjs) against a stand-in server: how it ends when the answer
// stops early, the file is missing or nothing listens.

const SCRIPT = path.resolve('scripts/import.mjs');

function runCli(args: string[], site: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [SCRIPT, ...args], { env: { ...process.env, SITE_URL: site, ADMIN_KEY: 'import-cli-test-admin-key-0123' } }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe('npm run import', () => {
  let dir: string;
  let file: string;
  let server: http.Server;
  let site: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-cli-'));
    file = path.join(dir, 'matches.csv');
    fs.writeFileSync(file, 'match_key,played_at\n');
    // Answers the import with one progress line, then ends the stream without done or failed.
    server = http.createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        response.writeHead(200, { 'content-type': 'application/x-ndjson' });
        response.end(`${JSON.stringify({ type: 'progress', done: 1, total: 4, recorded: 1, skipped: 0 })}\n`);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    site = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('a stream that ends without its last line is an interrupted import: exit 1 and a line that says to run it again', async () => {
    const result = await runCli([file], site);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Import interrupted: run it again to resume.');
  });

  test('a missing file or an unreachable site is one clear line, without a stack trace', async () => {
    const missing = await runCli([path.join(dir, 'nope.csv')], site);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe(`Cannot read ${path.join(dir, 'nope.csv')}: no such file.`);

    const unreachable = await runCli([file], 'http://127.0.0.1:9');
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr.trim().split('\n')).toHaveLength(1);
    expect(unreachable.stderr).toMatch(/^Cannot reach http:\/\/127\.0\.0\.1:9/);
    expect(unreachable.stderr).not.toMatch(/\n\s+at /);
  });
});
