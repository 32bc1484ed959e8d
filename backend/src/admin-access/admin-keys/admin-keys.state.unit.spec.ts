import { roleCovers, type AdminKeyEvent, type AdminRole, type RecordedEvent } from '@team/contracts';
import { ConflictError, NotFoundError } from '../../shared/domain-errors.js';
import { decideCreate, decideExpiries, decideRevoke } from './admin-keys.decider.js';
import { emptyAdminKeys, evolveAdminKeys, type AdminKeysState } from './admin-keys.state.js';
import { parseCreateKey } from './create-admin-key/create-admin-key.body.js';

const NOW = new Date('2026-11-27T12:00:00Z');

function stateOf(...events: AdminKeyEvent[]): AdminKeysState {
  const state = emptyAdminKeys();
  events.forEach((event, revision) =>
    evolveAdminKeys(state, event, {
      ...event,
      position: revision + 1,
      revision,
      streamId: 'admin-keys',
      id: `e${revision}`,
      metadata: { eventId: `e${revision}`, type: event.type, schemaVersion: 1, recordedAt: NOW.toISOString(), correlationId: 'c', actor: 'admin' },
    } as RecordedEvent<AdminKeyEvent>),
  );
  return state;
}

const created = (keyId: string, name: string, expiresAt: string | null = null): AdminKeyEvent => ({
  type: 'AdminKeyCreated',
  data: { keyId, name, role: 'editor', keyHash: `hash-${keyId}`, expiresAt },
});

describe('roles', () => {
  test.each<[AdminRole, AdminRole, boolean]>([
    ['owner', 'editor', true],
    ['owner', 'owner', true],
    ['editor', 'editor', true],
    ['editor', 'moderator', false],
    ['editor', 'recorder', false],
    ['moderator', 'recorder', true],
    ['moderator', 'editor', false],
    ['moderator', 'owner', false],
    ['recorder', 'recorder', true],
    ['recorder', 'moderator', false],
  ])('%s covers %s: %s', (held, needed, covers) => expect(roleCovers(held, needed)).toBe(covers));
});

describe('admin keys decisions', () => {
  test('names are unique among active keys, case and spaces aside; a revoked name may be reused', () => {
    const state = stateOf(created('k1', 'Alice'));
    expect(() => decideCreate(state, { name: 'alice', role: 'recorder', expiresAt: null }, 'k2', 'h2')).toThrow(ConflictError);
    expect(() => decideCreate(state, { name: 'OWNER', role: 'recorder', expiresAt: null }, 'k2', 'h2')).toThrow(ConflictError);
    const revoked = stateOf(created('k1', 'Alice'), { type: 'AdminKeyRevoked', data: { keyId: 'k1', name: 'Alice' } });
    expect(decideCreate(revoked, { name: 'Alice', role: 'recorder', expiresAt: null }, 'k2', 'h2')).toMatchObject({ type: 'AdminKeyCreated' });
  });

  test('revoking: an unknown id is 404, an ended key changes nothing', () => {
    const state = stateOf(created('k1', 'Alice'), { type: 'AdminKeyExpired', data: { keyId: 'k1', name: 'Alice', expiresAt: NOW.toISOString() } });
    expect(() => decideRevoke(state, 'k9')).toThrow(NotFoundError);
    expect(decideRevoke(state, 'k1')).toEqual([]);
    expect(state.keys.get('k1')).toMatchObject({ status: 'expired', endedAt: NOW.toISOString() });
  });

  test('expiries: only active keys past their time', () => {
    const past = new Date(NOW.getTime() - 1).toISOString();
    const future = new Date(NOW.getTime() + 60_000).toISOString();
    const state = stateOf(created('k1', 'Old', past), created('k2', 'New', future), created('k3', 'Never'));
    expect(decideExpiries(state, NOW)).toEqual([{ type: 'AdminKeyExpired', data: { keyId: 'k1', name: 'Old', expiresAt: past } }]);
  });

  test('an expiry is a date or time in the future, at most ten years on; a date-only expiry is read as UTC midnight', () => {
    expect(parseCreateKey({ name: 'A', role: 'editor', expiresAt: '2026-12-01' }, NOW).expiresAt).toBe('2026-12-01T00:00:00.000Z');
    expect(() => parseCreateKey({ name: 'A', role: 'editor', expiresAt: '2040-01-01' }, NOW)).toThrow('The admin key is not valid.');
    expect(parseCreateKey({ name: ' Trimmed ', role: 'recorder' }, NOW)).toEqual({ name: 'Trimmed', role: 'recorder', expiresAt: null });
  });
});

describe('roles read from the log (issue 37 item B)', () => {
  const withRole = (keyId: string, role: unknown): AdminKeyEvent =>
    ({ type: 'AdminKeyCreated', data: { keyId, name: `Key ${keyId}`, role, keyHash: `hash-${keyId}`, expiresAt: null } }) as unknown as AdminKeyEvent;

  test.each(['editor', 'moderator', 'recorder'])('a key created with the role %s is granted it', (role) => {
    const state = stateOf(withRole('k1', role));
    expect(state.keys.get('k1')).toMatchObject({ role, status: 'active' });
    expect(state.byHash.get('hash-k1')).toBe('k1');
  });

  // Only ADMIN_KEY is the owner: an event naming another role (a tampered log or backup) grants nothing.
  test.each<[string, unknown]>([
    ['owner', 'owner'],
    ['an unknown role', 'admin'],
    ['a role in other letters', 'Editor'],
    ['no role', undefined],
    ['an inherited property name', 'constructor'],
  ])('a key created with %s is not granted: it is not in the directory at all', (_, role) => {
    const state = stateOf(withRole('k1', 'editor'), withRole('k2', role));
    expect(state.keys.has('k2')).toBe(false);
    expect(state.byHash.has('hash-k2')).toBe(false);
    // The stream's revision still moves on, so appends expect the right one.
    expect(state.revision).toBe(1);
    expect(state.keys.get('k1')).toMatchObject({ role: 'editor', status: 'active' });
  });
});
