import knexFactory, { type Knex } from 'knex';
import { createTestDatabase, type TestDatabase } from '@test-support/database.js';
import { copyByteaOut, copyRowIn } from './copy-binary.js';

// COPY's binary format both ways (the ladder's snapshots, docs/performance.md "Scale curve"):
// what copyRowIn writes is what PostgreSQL stores, and copyByteaOut reads a bytea back as it is,
// across the 1 MiB messages and the chunks a socket hands over.

describe('COPY in binary', () => {
  let db: TestDatabase;
  let knex: Knex;
  beforeAll(async () => {
    db = await createTestDatabase();
    knex = knexFactory({ client: 'pg', connection: db.url, pool: { min: 1, max: 2 } });
    await knex.raw(`CREATE TABLE public.copied (id bigint PRIMARY KEY, n integer, label text, at timestamptz, bytes bytea)`);
  });
  afterAll(async () => {
    await knex.destroy();
    await db.drop();
  });

  const pattern = (length: number, seed: number) => Uint8Array.from({ length }, (_, i) => (i * 31 + seed) % 256);

  test('a row of every kind of cell, its bytes in parts of any size, is stored as given and read back whole', async () => {
    // Parts of 0, 1 and 3 bytes, one across two 1 MiB messages, and one of several.
    const parts = [pattern(0, 1), pattern(1, 2), pattern(3, 3), pattern(1_500_000, 4), pattern(2_300_001, 5), pattern(7, 6)];
    const whole = Buffer.concat(parts);
    const at = new Date('2026-12-02T15:30:49.123Z');
    await knex.transaction((trx) =>
      copyRowIn(trx, 'public.copied', ['id', 'n', 'label', 'at', 'bytes'], [
        { int64: 2 ** 40 + 5 },
        { int32: -7 },
        { text: 'Ünïcode ·…4821 — snapshot' },
        { time: at },
        { parts, byteLength: whole.byteLength },
      ]),
    );
    const row = await knex('public.copied').where({ id: 2 ** 40 + 5 }).first();
    expect(row).toMatchObject({ id: String(2 ** 40 + 5), n: -7, label: 'Ünïcode ·…4821 — snapshot', at });
    expect(Buffer.from(row.bytes).equals(whole)).toBe(true);
    const read = await knex.transaction((trx) => copyByteaOut(trx, `SELECT bytes FROM public.copied WHERE id = ${2 ** 40 + 5}`));
    expect(read?.equals(whole)).toBe(true);
  });

  test('parts that do not add up to the length announced fail the COPY, and nothing is stored', async () => {
    const parts = [pattern(10, 1)];
    await expect(knex.transaction((trx) => copyRowIn(trx, 'public.copied', ['id', 'bytes'], [{ int64: 9 }, { parts, byteLength: 11 }]))).rejects.toThrow(
      /hold 10 bytes, not the 11 announced/,
    );
    expect(await knex('public.copied').where({ id: 9 }).first()).toBeUndefined();
  });

  test('no row, a NULL and an empty value read as none, none and empty', async () => {
    await knex('public.copied').insert([
      { id: 20, bytes: null },
      { id: 21, bytes: Buffer.alloc(0) },
    ]);
    const read = (id: number) => knex.transaction((trx) => copyByteaOut(trx, `SELECT bytes FROM public.copied WHERE id = ${id}`));
    expect(await read(404)).toBeNull();
    expect(await read(20)).toBeNull();
    expect((await read(21))?.byteLength).toBe(0);
  });
});
