import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import knexFactory from 'knex';

/**
 * The embedded PostgreSQL's shared_buffers and effective_cache_size sized to the machine for
 * `npm start` and the benchmarks (scripts/lib/embedded-pg-memory.mjs, docs/configuration.md):
 * a quarter of the memory capped at 4 GB, half of it for the planner, each overridable by its
 * variable; a server started without `sizedMemory` (the tests') keeps PostgreSQL's defaults.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const GB = 1024 ** 3;

interface Started {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}
interface MemoryModule {
  embeddedMemorySettings(options?: { totalBytes?: number; env?: Record<string, string | undefined> }): Record<string, string>;
}
interface EmbeddedModule {
  startEmbeddedPostgres(options: { dataDir: string; sizedMemory?: boolean }): Promise<Started>;
}
const load = async <T>(file: string) => (await import(pathToFileURL(path.join(repoRoot, 'scripts/lib', file)).href)) as T;

describe('the embedded PostgreSQL memory settings', () => {
  it('gives a quarter of the memory to shared buffers, at least 128 MB and at most 4 GB, and half of it to the planner', async () => {
    const { embeddedMemorySettings } = await load<MemoryModule>('embedded-pg-memory.mjs');
    expect(embeddedMemorySettings({ totalBytes: 8 * GB, env: {} })).toEqual({ shared_buffers: '2048MB', effective_cache_size: '4096MB' });
    expect(embeddedMemorySettings({ totalBytes: 64 * GB, env: {} })).toEqual({ shared_buffers: '4096MB', effective_cache_size: '32768MB' });
    expect(embeddedMemorySettings({ totalBytes: 0.25 * GB, env: {} })).toEqual({ shared_buffers: '128MB', effective_cache_size: '512MB' });
  });

  it('takes the sizes the environment names, and refuses a malformed one by its name', async () => {
    const { embeddedMemorySettings } = await load<MemoryModule>('embedded-pg-memory.mjs');
    const env = { EMBEDDED_PG_SHARED_BUFFERS: '256MB', EMBEDDED_PG_EFFECTIVE_CACHE_SIZE: '1GB' };
    expect(embeddedMemorySettings({ totalBytes: 8 * GB, env })).toEqual({ shared_buffers: '256MB', effective_cache_size: '1GB' });
    expect(() => embeddedMemorySettings({ env: { EMBEDDED_PG_SHARED_BUFFERS: 'lots' } })).toThrow(/EMBEDDED_PG_SHARED_BUFFERS must be a PostgreSQL size/);
  });

  describe('on a running server', () => {
    let root: string;
    let servers: Started[] = [];
    const saved = { ...process.env };

    beforeAll(() => {
      root = fs.mkdtempSync(path.join(os.tmpdir(), 'team-site-pg-memory-'));
      fs.chmodSync(root, 0o755);
    });
    afterAll(async () => {
      process.env = saved;
      for (const server of servers) {
        await server.stop();
        if (!server.dataDir.startsWith(root)) fs.rmSync(server.dataDir, { recursive: true, force: true });
      }
      servers = [];
      fs.rmSync(root, { recursive: true, force: true });
    });

    const shown = async (url: string) => {
      const knex = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
      try {
        const setting = async (name: string) => (await knex.raw<{ rows: Record<string, string>[] }>(`SHOW ${name}`)).rows[0]![name];
        return { shared_buffers: await setting('shared_buffers'), effective_cache_size: await setting('effective_cache_size') };
      } finally {
        await knex.destroy();
      }
    };

    it('applies them when asked (npm start, the benchmarks), and not otherwise (the tests)', async () => {
      const { startEmbeddedPostgres } = await load<EmbeddedModule>('embedded-pg.mjs');
      process.env.EMBEDDED_PG_SHARED_BUFFERS = '192MB';
      process.env.EMBEDDED_PG_EFFECTIVE_CACHE_SIZE = '3GB';
      const sized = await startEmbeddedPostgres({ dataDir: path.join(root, 'sized'), sizedMemory: true });
      servers.push(sized);
      expect(await shown(sized.url)).toEqual({ shared_buffers: '192MB', effective_cache_size: '3GB' });
      await sized.stop();

      const plain = await startEmbeddedPostgres({ dataDir: path.join(root, 'sized') });
      servers.push(plain);
      expect(await shown(plain.url)).toEqual({ shared_buffers: '128MB', effective_cache_size: '4GB' });
    });
  });
});
