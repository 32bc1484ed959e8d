import { EventStoreUnavailableError } from '@team/contracts';
import { ServiceUnavailableError } from '../shared/domain-errors.js';
import { mapError } from './api-exception.filter.js';

// Issue 37 item 5: a full disk under the embedded PostgreSQL gave 500s ("could not extend file …:
// No space left on device", 53100), then 503s without Retry-After while the server crashed and
// came back. Each error below is what PostgreSQL, pg or knex raise in such an outage (the
// messages are theirs): every one must be a 503 that says when to try again, never a 500.

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('database errors of an outage are 503 with Retry-After', () => {
  test.each([
    ['disk full, a table cannot grow', pgError('53100', 'could not extend file "base/16384/16402": No space left on device')],
    ['disk full, the WAL cannot grow (the PANIC that stops the server)', pgError('53100', 'could not write to file "pg_wal/xlogtemp.4242": No space left on device')],
    ['too many connections', pgError('53300', 'sorry, too many clients already')],
    ['an I/O error of the storage', pgError('58030', 'could not read block 7 in file "base/16384/16402": Input/output error')],
    ['another backend crashed', pgError('57P02', 'terminating connection because of crash of another server process')],
    ['fast shutdown', pgError('57P01', 'terminating connection due to administrator command')],
    ['recovering after a crash', pgError('57P03', 'the database system is in recovery mode')],
    ['starting up', pgError('57P03', 'the database system is starting up')],
    ['a connection failure (class 08)', pgError('08006', 'connection failure')],
    ['refused while the server is down', pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['reset as it crashed', pgError('ECONNRESET', 'read ECONNRESET')],
    ['lost mid-query (knex puts the statement first)', new Error('insert into "events" - Connection terminated unexpectedly')],
    ['a connect that timed out', new Error('Connection terminated due to connection timeout')],
    ['a terminated session without a code', new Error('terminating connection due to unexpected postmaster exit')],
    ['the event store wrapping a lost connection', new EventStoreUnavailableError('The event store is unavailable.', pgError('57P01', 'terminating connection'))],
    ['a wrapped disk-full error', new Error('append failed', { cause: pgError('53100', 'could not extend file: No space left on device') })],
  ])('%s', (_name, error) => {
    const mapped = mapError(error);
    expect(mapped.status).toBe(503);
    expect(Number(mapped.headers?.['Retry-After'])).toBeGreaterThan(0);
    // The answer never carries the server's message (file names, the cause).
    expect(JSON.stringify(mapped.body)).not.toMatch(/extend|pg_wal|ECONN|terminat|base\//);
  });

  test('a 503 of the app itself carries Retry-After even when it names no delay', () => {
    const mapped = mapError(new ServiceUnavailableError('Your change was saved, but the pages have not caught up yet. Refresh in a moment.'));
    expect(mapped.status).toBe(503);
    expect(Number(mapped.headers?.['Retry-After'])).toBeGreaterThan(0);
  });

  test('a 503 that names its delay keeps it', () => {
    expect(mapError(new ServiceUnavailableError('Too many exports are running.', 17)).headers).toEqual({ 'Retry-After': '17' });
  });

  test.each([
    ['a bad statement', pgError('42601', 'syntax error at or near "selec"')],
    ['a unique violation', pgError('23505', 'duplicate key value violates unique constraint')],
    ['a query cancelled by statement_timeout', pgError('57014', 'canceling statement due to statement timeout')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
  ])('%s stays a 500', (_name, error) => {
    expect(mapError(error).status).toBe(500);
  });
});
