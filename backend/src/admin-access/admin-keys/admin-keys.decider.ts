import { nameCompareKey, OWNER_KEY_NAME, type AdminKeyEvent } from '@team/contracts';
import { ConflictError, NotFoundError } from '../../shared/domain-errors.js';
import type { Decider } from '../../shared/decide-and-append.js';
import type { CreateKeyInput } from './create-admin-key/create-admin-key.body.js';
import { emptyAdminKeys, evolveAdminKeys, isPastExpiry, type AdminKeysState } from './admin-keys.state.js';

/** What the owner (or the expiry sweep) asks of the `admin-keys` stream. */
export type AdminKeysCommand =
  | { kind: 'create'; input: CreateKeyInput; keyId: string; keyHash: string }
  | { kind: 'revoke'; keyId: string }
  | { kind: 'expire'; now: Date };

/** The event that creates a key; no two active keys (nor the owner) may share a name. */
export function decideCreate(state: AdminKeysState, input: CreateKeyInput, keyId: string, keyHash: string): AdminKeyEvent {
  const wanted = nameCompareKey(input.name);
  if (wanted === nameCompareKey(OWNER_KEY_NAME)) throw new ConflictError(`"${OWNER_KEY_NAME}" is the name of the ADMIN_KEY. Choose another name.`);
  for (const key of state.keys.values()) {
    if (key.status === 'active' && nameCompareKey(key.name) === wanted) {
      throw new ConflictError(`An active key is already named "${key.name}". Revoke it first, or choose another name.`);
    }
  }
  return { type: 'AdminKeyCreated', data: { keyId, name: input.name, role: input.role, keyHash, expiresAt: input.expiresAt } };
}

/** The event that revokes a key: none when it has already ended (revoking twice changes nothing). */
export function decideRevoke(state: AdminKeysState, keyId: string): AdminKeyEvent[] {
  const key = state.keys.get(keyId);
  if (!key) throw new NotFoundError(`No admin key has the id ${keyId}.`);
  return key.status === 'active' ? [{ type: 'AdminKeyRevoked', data: { keyId, name: key.name } }] : [];
}

/** AdminKeyExpired for every active key whose expiry has passed. */
export function decideExpiries(state: AdminKeysState, now: Date): AdminKeyEvent[] {
  return [...state.keys.values()]
    .filter((key) => key.status === 'active' && isPastExpiry(key, now))
    .map((key) => ({ type: 'AdminKeyExpired', data: { keyId: key.id, name: key.name, expiresAt: key.expiresAt! } }));
}

export const adminKeysDecider: Decider<AdminKeysState, AdminKeysCommand, AdminKeyEvent> = {
  initialState: emptyAdminKeys,
  evolve: evolveAdminKeys,
  decide(command, state) {
    switch (command.kind) {
      case 'create':
        return [decideCreate(state, command.input, command.keyId, command.keyHash)];
      case 'revoke':
        return decideRevoke(state, command.keyId);
      case 'expire':
        return decideExpiries(state, command.now);
    }
  },
};
