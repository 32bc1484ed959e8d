import type { Knex } from 'knex';
import { connect, createTestDatabase, type TestDatabase } from '@test-support/database.js';
import { arrayLiteral, unnestRows } from './sql-columns.js';

// Array literals are parsed by PostgreSQL: what it reads back must be exactly what was sent.
describe('rows as one array per column (unnestRows)', () => {
  let db: TestDatabase;
  let knex: Knex;

  beforeAll(async () => {
    db = await createTestDatabase();
    knex = connect(db.url, 2);
  });
  afterAll(async () => {
    await knex.destroy();
    await db.drop();
  });

  test('text survives quotes, backslashes, commas, braces, spaces, the word NULL and non-ASCII', async () => {
    const values = ['plain', 'a "quoted" word', 'back\\slash', 'a,b', '{braces}', '  padded  ', 'NULL', 'null', '', 'Ünïcødé ✓ 🎮', null];
    const { rows } = await knex.raw<{ rows: { value: string[] }[] }>('SELECT ?::text[] AS value', [arrayLiteral(values)]);
    expect(rows[0]!.value).toEqual(values);
  });

  test('numbers, booleans, timestamps and missing values keep their rows and their order', async () => {
    const rows = [
      { id: 1, won: true, at: '2026-01-01T10:00:00.000Z', score: -3, note: 'x' },
      { id: 2, won: false, at: new Date('2026-01-02T11:30:00.000Z'), score: null, note: undefined },
      { id: 3, won: true, at: '2026-01-03T00:00:00.000Z', score: 2_000_000_000, note: 'z' },
    ];
    const { from, bindings } = unnestRows(rows, { id: 'int', won: 'boolean', at: 'timestamptz', score: 'bigint', note: 'text' });
    const result = await knex.raw<{ rows: Record<string, unknown>[] }>(`SELECT v.id, v.won, v.at, v.score::int AS score, v.note FROM ${from}`, bindings);
    expect(result.rows).toEqual([
      { id: 1, won: true, at: new Date('2026-01-01T10:00:00.000Z'), score: -3, note: 'x' },
      { id: 2, won: false, at: new Date('2026-01-02T11:30:00.000Z'), score: null, note: null },
      { id: 3, won: true, at: new Date('2026-01-03T00:00:00.000Z'), score: 2_000_000_000, note: 'z' },
    ]);
  });

  test('a hundred thousand rows travel in one statement with one parameter per column', async () => {
    const rows = Array.from({ length: 100_000 }, (_, i) => ({ n: i, name: `p${i}` }));
    const { from, bindings } = unnestRows(rows, { n: 'int', name: 'text' });
    expect(bindings).toHaveLength(2);
    const { rows: [summary] } = await knex.raw(`SELECT count(*)::int AS count, sum(v.n)::bigint AS total, max(v.name) AS last FROM ${from}`, bindings);
    expect(summary).toEqual({ count: 100_000, total: String((99_999 * 100_000) / 2), last: 'p99999' });
  });
});
