import { checkMergePlayers } from './merge-players.rules.js';

describe('checkMergePlayers', () => {
  test('two positive whole numbers pass as they are', () => {
    expect(checkMergePlayers({ primaryId: 1, duplicateId: 6 })).toEqual({ ok: true, value: { primaryId: 1, duplicateId: 6 } });
  });

  test.each([
    ['a string id', { primaryId: '1', duplicateId: 6 }, ['primaryId: expected a positive whole number.']],
    ['zero and a fraction', { primaryId: 0, duplicateId: 1.5 }, ['primaryId: expected a positive whole number.', 'duplicateId: expected a positive whole number.']],
    ['an unsafe integer', { primaryId: 2 ** 53, duplicateId: 2 }, ['primaryId: expected a positive whole number.']],
    ['no body', null, ['primaryId: expected a positive whole number.', 'duplicateId: expected a positive whole number.']],
  ])('refuses %s, naming each bad field', (_name, body, errors) => {
    expect(checkMergePlayers(body)).toEqual({ ok: false, errors });
  });
});
