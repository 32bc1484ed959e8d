import { isConnectionError } from './database.js';

// What PostgreSQL and pg raise when the server goes away, found by the database-restart fault
// test: each must become a 503, never a 500.

describe('isConnectionError', () => {
  test.each([
    ['refused', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['admin shutdown', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['starting up', Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    ['any connection exception class 08', Object.assign(new Error('protocol violation'), { code: '08P01' })],
    // pg gives these no code; knex prefixes the statement to the message.
    ['lost mid-query', new Error('select * from "ladder_players" - Connection terminated unexpectedly')],
    ['ended', new Error('Connection terminated')],
    ['client broken', new Error('Client has encountered a connection error and is not queryable')],
  ])('%s', (_name, error) => {
    expect(isConnectionError(error)).toBe(true);
  });

  test.each([
    ['a bad statement', Object.assign(new Error('syntax error at or near "selec"'), { code: '42601' })],
    ['a unique violation', Object.assign(new Error('duplicate key value'), { code: '23505' })],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['nothing', null],
  ])('not %s', (_name, error) => {
    expect(isConnectionError(error)).toBe(false);
  });
});
