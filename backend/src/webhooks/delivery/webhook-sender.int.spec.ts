import { startReceiver, type TestReceiver } from '../../../test/support/webhooks/test-receiver.js';
import { guardedLookup, isNonPublicAddress, NonPublicAddressError } from './address-guard.js';
import { delivered, EXCERPT_CHARACTERS, sendDelivery } from './webhook-sender.js';

// Issue 43's SSRF rules, without WEBHOOK_ALLOW_PRIVATE: where a delivery may connect is checked at
// each connection (the socket's own lookup), redirects are not followed, answers are read to 64 KB.

describe('which addresses are public', () => {
  test.each([
    ['127.0.0.1', true],
    ['10.0.0.8', true],
    ['172.20.1.1', true],
    ['192.168.1.10', true],
    ['169.254.169.254', true],
    ['100.100.1.1', true],
    ['224.0.0.251', true],
    ['0.0.0.0', true],
    ['::1', true],
    ['fd12:3456::1', true],
    ['fe80::1', true],
    ['ff02::1', true],
    ['::ffff:10.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['64:ff9b::a00:1', true],
    ['8.8.8.8', false],
    ['1.1.1.1', false],
    ['172.32.0.1', false],
    ['2606:4700:4700::1111', false],
    ['::ffff:8.8.8.8', false],
  ])('%s is non-public: %s', (address, expected) => {
    expect(isNonPublicAddress(address)).toBe(expected);
  });

  test("the sockets' lookup refuses a name that resolves to loopback, unless private addresses are allowed", async () => {
    const look = (allowPrivate: boolean) =>
      new Promise<{ error: Error | null; address: unknown }>((resolve) =>
        guardedLookup(allowPrivate)('localhost', { all: true }, (error, address) => resolve({ error, address })),
      );
    const refused = await look(false);
    expect(refused.error).toBeInstanceOf(NonPublicAddressError);
    const allowed = await look(true);
    expect(allowed.error).toBeNull();
    expect(allowed.address).toEqual(expect.arrayContaining([expect.objectContaining({ address: expect.stringMatching(/^(127\.0\.0\.1|::1)$/) })]));
  });
});

describe('one delivery attempt (sendDelivery)', () => {
  let receiver: TestReceiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver?.close());
  beforeEach(() => {
    receiver.received.length = 0;
    receiver.answerWith(() => ({ status: 200, body: 'ok' }));
  });
  const send = (url: string, allowPrivate: boolean) => sendDelivery({ url, headers: { 'content-type': 'application/json' }, body: '{"hello":1}', allowPrivate });

  test('a loopback address, by number or by name, is refused before connecting', async () => {
    const byNumber = await send(receiver.url(), false);
    expect(byNumber).toMatchObject({ status: null, error: 'refused: 127.0.0.1 is not a public address' });
    const byName = await send(receiver.url().replace('127.0.0.1', 'localhost'), false);
    expect(byName.status).toBeNull();
    expect(byName.error).toMatch(/^refused: localhost resolves to (127\.0\.0\.1|::1), which is not a public address$/);
    expect(receiver.received).toHaveLength(0);
    expect(delivered(await send(receiver.url(), true))).toBe(true);
    expect(receiver.received).toHaveLength(1);
  });

  test('a redirect is not followed: the attempt fails and its target is never asked', async () => {
    receiver.answerWith(() => (receiver.received.length === 1 ? { status: 302, headers: { location: receiver.url('/elsewhere') } } : { status: 200 }));
    const outcome = await send(receiver.url(), true);
    expect(outcome.status).toBe(302);
    expect(outcome.error).toBe(`redirects are not followed (Location: ${receiver.url('/elsewhere')})`);
    expect(delivered(outcome)).toBe(false);
    expect(receiver.received).toHaveLength(1);
  });

  test('a huge answer is read to 64 KB only, and a short excerpt is kept', async () => {
    receiver.answerWith(() => ({ status: 200, body: 'x'.repeat(2 * 1024 * 1024) }));
    const outcome = await send(receiver.url(), true);
    expect(outcome.status).toBe(200);
    expect(outcome.excerpt).toHaveLength(EXCERPT_CHARACTERS);
    expect(delivered(outcome)).toBe(true);
  });

  test('a refused connection is an outcome, not a throw', async () => {
    const outcome = await send('http://127.0.0.1:1/hook', true);
    expect(outcome).toMatchObject({ status: null, error: expect.stringContaining('ECONNREFUSED') });
  });
});
