import { createHash, randomBytes } from 'node:crypto';
import {
  MAX_ADMIN_KEY_DAYS,
  NAMED_KEY_ROLES,
  OWNER_KEY_ID,
  OWNER_KEY_NAME,
  adminKeyNameProblem,
  isNamedKeyRole,
  nameCompareKey,
  type AdminKeyCreated,
  type AdminKeyEvent,
  type AdminKeyRef,
  type AdminKeyStatus,
  type AdminKeySummary,
  type NamedKeyRole,
  type RecordedEvent,
} from '@team/contracts';
import { ConflictError, InvalidInputError, NotFoundError } from '../../shared/domain-errors.js';

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

/** What is kept of a key: its SHA-256. The key holds 192 random bits, so no slow hash is needed. */
export function hashAdminKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** A new key: `vk_` and 192 random bits (32 base64url characters). */
export function generateAdminKey(): string {
  return `vk_${randomBytes(24).toString('base64url')}`;
}

/** Applies one event of the stream (in place: the state is the directory's own). */
export function evolveAdminKeys(state: AdminKeysState, event: RecordedEvent<AdminKeyEvent>): AdminKeysState {
  state.revision = event.revision;
  const at = event.metadata.recordedAt;
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
        createdBy: event.metadata.adminKey ?? { id: OWNER_KEY_ID, name: OWNER_KEY_NAME },
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

export interface CreateKeyInput {
  name: string;
  role: NamedKeyRole;
  expiresAt: string | null;
}

/** Checks POST /api/admin/keys's body: 400 with every problem at once. */
export function parseCreateKey(body: unknown, now: Date): CreateKeyInput {
  const fields = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const problems: string[] = [];
  const nameProblem = adminKeyNameProblem(fields.name);
  if (nameProblem) problems.push(nameProblem);
  const role = fields.role;
  if (!isNamedKeyRole(role)) {
    problems.push(`role: must be one of ${NAMED_KEY_ROLES.join(', ')} (there is one owner key: ADMIN_KEY).`);
  }
  let expiresAt: string | null = null;
  if (fields.expiresAt !== undefined && fields.expiresAt !== null && fields.expiresAt !== '') {
    const raw = fields.expiresAt;
    const time = typeof raw === 'string' && raw.length <= 40 ? Date.parse(raw) : NaN;
    const latest = now.getTime() + MAX_ADMIN_KEY_DAYS * 86_400_000;
    if (!Number.isFinite(time)) problems.push('expiresAt: must be a date or date and time (ISO 8601), or null for no expiry.');
    else if (time <= now.getTime()) problems.push('expiresAt: must be in the future.');
    else if (time > latest) problems.push(`expiresAt: at most ${MAX_ADMIN_KEY_DAYS} days from now.`);
    else expiresAt = new Date(time).toISOString();
  }
  if (problems.length > 0) throw new InvalidInputError('The admin key is not valid.', problems);
  return { name: (fields.name as string).trim(), role: role as NamedKeyRole, expiresAt };
}

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
