import {
  isNamedKeyRole,
  OWNER_KEY_ID,
  OWNER_KEY_NAME,
  type AdminKeyCreated,
  type AdminKeyEvent,
  type AdminKeyRef,
  type AdminKeyStatus,
  type AdminKeySummary,
  type NamedKeyRole,
  type RecordedEvent,
} from '@team/contracts';

/** One named key as the `admin-keys` stream has made it. */
export interface NamedKey {
  id: string;
  name: string;
  role: NamedKeyRole;
  keyHash: string;
  createdAt: string;
  createdBy: AdminKeyRef;
  expiresAt: string | null;
  status: AdminKeyStatus;
  endedAt: string | null;
}

/** The fold of the `admin-keys` stream: every key ever made, by id and by hash. */
export interface AdminKeysState {
  keys: Map<string, NamedKey>;
  byHash: Map<string, string>;
  /** The stream's last revision; -1 before its first event. */
  revision: number;
}

export const emptyAdminKeys = (): AdminKeysState => ({ keys: new Map(), byHash: new Map(), revision: -1 });

/**
 * Applies one event of the stream, in place (the state is its fold's own). `recorded` is the
 * event as the log holds it, with its revision and metadata; a just-decided event has none yet,
 * and its key's createdAt stays empty until the fold reads it back.
 */
export function evolveAdminKeys(state: AdminKeysState, event: AdminKeyEvent, recorded?: RecordedEvent): AdminKeysState {
  state.revision = recorded?.revision ?? state.revision + 1;
  const at = recorded?.metadata.recordedAt ?? '';
  switch (event.type) {
    case 'AdminKeyCreated': {
      const d = event.data as AdminKeyCreated['data'];
      // Only ADMIN_KEY is the owner, and the API creates nothing else: a key of another role can
      // only come from an altered log or backup, and is granted nothing (not even a lookup).
      if (!isNamedKeyRole(d.role)) break;
      state.keys.set(d.keyId, {
        id: d.keyId,
        name: d.name,
        role: d.role,
        keyHash: d.keyHash,
        createdAt: at,
        createdBy: recorded?.metadata.adminKey ?? { id: OWNER_KEY_ID, name: OWNER_KEY_NAME },
        expiresAt: d.expiresAt,
        status: 'active',
        endedAt: null,
      });
      state.byHash.set(d.keyHash, d.keyId);
      break;
    }
    case 'AdminKeyRevoked':
    case 'AdminKeyExpired': {
      const key = state.keys.get(event.data.keyId);
      if (key && key.status === 'active') {
        key.status = event.type === 'AdminKeyRevoked' ? 'revoked' : 'expired';
        key.endedAt = at;
      }
      break;
    }
  }
  return state;
}

/** A key as an admin may see it: never its hash. */
export function summaryOf(key: NamedKey): AdminKeySummary {
  const { keyHash: _hash, ...summary } = key;
  return { ...summary, createdBy: { ...summary.createdBy } };
}

/** True when an active key's expiry has passed at `now` (its AdminKeyExpired may not be written yet). */
export function isPastExpiry(key: NamedKey, now: Date): boolean {
  return key.expiresAt !== null && Date.parse(key.expiresAt) <= now.getTime();
}
