import type { Knex } from 'knex';
import { connect, createTestDatabase, type TestDatabase } from '@test-support/database.js';
import { copyRows, copyText, insertRows, INSERT_ROWS_UP_TO } from './copy-rows.js';

// COPY's text format is parsed by PostgreSQL: what it reads back must be exactly what was sent.
// insertRows sends a live batch's few rows as JSON to one prepared INSERT instead: the same holds.
describe('rows appended in bulk', () => {
  let db: TestDatabase;
  let knex: Knex;

  beforeAll(async () => {
    db = await createTestDatabase();
    knex = connect(db.url, 2);
    await knex.raw('CREATE TABLE copied (n int PRIMARY KEY, name text, won boolean, at timestamptz, score bigint)');
  });
  afterEach(() => knex.raw('TRUNCATE copied'));
  afterAll(async () => {
    await knex.destroy();
    await db.drop();
  });

  const read = () => knex('copied').orderBy('n').select('n', 'name', 'won', 'at', knex.raw('score::int AS score'));

  describe.each([
    ['COPY (copyRows)', copyRows],
    ['a prepared INSERT (insertRows)', insertRows],
  ])('with %s', (_, write) => {
    test('text survives backslashes, tabs, newlines, carriage returns, \\N, quotes, the word NULL and non-ASCII', async () => {
      const names = ['plain', 'back\\slash', 'a\ttab', 'two\nlines', 'cr\rhere', '\\N', 'a "quoted" word', 'NULL', '', 'Ünïcødé ✓ 🎮', '{a,b}'];
      await knex.transaction((trx) => write(trx, 'copied', ['n', 'name'], names.map((name, n) => [n, name])));
      expect((await read()).map((row) => row.name)).toEqual(names);
    });

    test('numbers, booleans, timestamps and missing values keep their rows and their order', async () => {
      await knex.transaction((trx) =>
        write(trx, 'copied', ['n', 'won', 'at', 'score', 'name'], [
          [1, true, '2026-01-01T10:00:00.000Z', -3, 'x'],
          [2, false, new Date('2026-01-02T11:30:00.000Z'), null, undefined],
          [3, true, '2026-01-03T00:00:00.000Z', 2_000_000_000, 'z'],
        ]),
      );
      expect(await read()).toEqual([
        { n: 1, name: 'x', won: true, at: new Date('2026-01-01T10:00:00.000Z'), score: -3 },
        { n: 2, name: null, won: false, at: new Date('2026-01-02T11:30:00.000Z'), score: null },
        { n: 3, name: 'z', won: true, at: new Date('2026-01-03T00:00:00.000Z'), score: 2_000_000_000 },
      ]);
    });

    test('the rows commit or roll back with the transaction they were copied in', async () => {
      await expect(
        knex.transaction(async (trx) => {
          await write(trx, 'copied', ['n', 'name'], [[1, 'kept only if the rest commits']]);
          await trx.raw('SELECT 1/0');
        }),
      ).rejects.toThrow(/division by zero/);
      expect(await read()).toEqual([]);
    });

    test('a refused row fails the copy with the server’s reason, and nothing of it is kept', async () => {
      await expect(knex.transaction((trx) => write(trx, 'copied', ['n', 'name'], [[1, 'a'], [1, 'same key']]))).rejects.toThrow(/duplicate key/);
      expect(await read()).toEqual([]);
    });
  });

  test('insertRows sends more rows than one INSERT takes through COPY, all of them, and fewer through its prepared INSERT', async () => {
    const rows = Array.from({ length: INSERT_ROWS_UP_TO + 1 }, (_, n) => [`p${n}`, n]);
    // A column order no other test uses: its INSERT is prepared on this connection only if this test runs it.
    const prepared = (trx: Knex.Transaction) =>
      trx.raw(`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE 'INSERT INTO copied (name, n)%'`).then((r) => r.rows[0].n);
    const counts = await knex.transaction(async (trx) => {
      await insertRows(trx, 'copied', ['name', 'n'], rows);
      const afterCopy = await prepared(trx);
      await insertRows(trx, 'copied', ['name', 'n'], [['one more', INSERT_ROWS_UP_TO + 1]]);
      return [afterCopy, await prepared(trx)];
    });
    expect(counts).toEqual([0, 1]);
    expect((await read()).map((row) => row.name)).toEqual([...rows.map(([name]) => name), 'one more']);
  });

  test('a hundred thousand rows in one copy, in many chunks', async () => {
    await knex.transaction((trx) => copyRows(trx, 'copied', ['n', 'name'], Array.from({ length: 100_000 }, (_, n) => [n, `p${n}`])));
    const summary = await knex('copied').select(knex.raw('count(*)::int AS count, sum(n)::bigint AS total, max(name) AS last')).first();
    expect(summary).toEqual({ count: 100_000, total: String((99_999 * 100_000) / 2), last: 'p99999' });
  });

  test('copyText escapes only what COPY reads specially', () => {
    expect(copyText(null)).toBe('\\N');
    expect(copyText(undefined)).toBe('\\N');
    expect(copyText(false)).toBe('f');
    expect(copyText('a\\b\tc\nd\re')).toBe('a\\\\b\\tc\\nd\\re');
    expect(copyText('no escapes "here"')).toBe('no escapes "here"');
  });
});
