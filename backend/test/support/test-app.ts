import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { createTestDatabase, type TestDatabase } from '@test-support/database.js';
import { loadConfig, type AppConfig } from '../../src/config.js';
import { createApp, type RunningApp } from '../../src/app.js';
import { createLogger } from '../../src/infrastructure/logger.js';
import type { Clock } from '../../src/infrastructure/tokens.js';
import { documentedAnswers } from './documented-answers.js';

export const TEST_ADMIN_KEY = 'test-admin-key-0123456789';

export interface TestApp {
  baseUrl: string;
  running: RunningApp;
  knex: Knex;
  db: TestDatabase;
  /**
   * fetch against the app; `admin: true` adds the admin key, a `json` body is sent as JSON. A JSON
   * answer the OpenAPI document does not allow (status or body) fails the call.
   */
  call(method: string, path: string, options?: { json?: unknown; admin?: boolean; headers?: Record<string, string> }): Promise<{ status: number; body: any; headers: Headers }>;
  /** Number of events in the log: "nothing appended" checks compare it before and after. */
  eventCount(): Promise<number>;
  close(): Promise<void>;
}

/**
 * The real application on a fresh database of the test server, listening on a free port.
 * `env` overrides settings as environment variables would; `clock` replaces the real time;
 * `logger` receives the app's log (silent otherwise).
 */
export async function startTestApp(env: Record<string, string> = {}, existing?: TestDatabase, clock?: Clock, logger?: Logger): Promise<TestApp> {
  const db = existing ?? (await createTestDatabase());
  const config: AppConfig = loadConfig({ STATIC_DIR: 'none', LOG_LEVEL: 'silent', PUBLIC_WRITES_PER_MINUTE: '100000', ...env });
  const running = await createApp(config, {
    adminKey: TEST_ADMIN_KEY,
    databaseUrl: db.url,
    logger: logger ?? createLogger(env.LOG_LEVEL ?? 'silent'),
    ...(clock ? { clock } : {}),
  });
  await running.app.listen(0, '127.0.0.1');
  const address = running.app.getHttpServer().address();
  const baseUrl = `http://127.0.0.1:${address.port}`;
  return {
    baseUrl,
    running,
    knex: running.knex,
    db,
    async call(method, path, options = {}) {
      const headers: Record<string, string> = { ...(options.headers ?? {}) };
      if (options.admin) headers['x-admin-key'] = TEST_ADMIN_KEY;
      let body: string | undefined;
      if (options.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(options.json);
      }
      const response = await fetch(baseUrl + path, { method, headers, body });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        /* not JSON: keep the text */
      }
      // Every JSON answer must be what the OpenAPI document says of its operation and status.
      documentedAnswers().check(method, path, response.status, text ? response.headers.get('content-type') : null, parsed);
      return { status: response.status, body: parsed, headers: response.headers };
    },
    async eventCount() {
      const row = await running.knex('events').count({ n: '*' }).first();
      return Number(row?.n ?? 0);
    },
    async close() {
      await running.close();
      if (!existing) await db.drop();
    },
  };
}
