import { randomBytes } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';

/** The server every integration test uses (see scripts/jest/global-setup.mjs). */
export function testServerUrl(): string {
  const url = process.env.TEST_PG_SERVER_URL;
  if (!url) throw new Error('TEST_PG_SERVER_URL is not set: run the tests with `npm test` or Jest\'s global setup.');
  return url;
}

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** A fresh, empty database on the test server, so test files never share state. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const server = new URL(testServerUrl());
  const name = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: server.toString(), pool: { min: 0, max: 1 } });
  try {
    await admin.raw(`CREATE DATABASE ${name}`);
  } finally {
    await admin.destroy();
  }
  const url = new URL(server.toString());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const k = knexFactory({ client: 'pg', connection: server.toString(), pool: { min: 0, max: 1 } });
      try {
        await k.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await k.destroy();
      }
    },
  };
}

export function connect(url: string, max = 10): Knex {
  return knexFactory({ client: 'pg', connection: url, pool: { min: 0, max } });
}
