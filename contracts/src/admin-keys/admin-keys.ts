// Named admin keys with roles: what the server, the audit log and the Admin keys screen share.
import { namedFieldProblem } from '../text/text-rules.js';

/** What a key may do. `owner` is the shared ADMIN_KEY: everything, and the keys themselves. */
export const ADMIN_ROLES = ['owner', 'editor', 'moderator', 'recorder'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** The roles an owner hands out on the Admin keys screen (there is one owner key: ADMIN_KEY). */
export const NAMED_KEY_ROLES = ['editor', 'moderator', 'recorder'] as const satisfies readonly AdminRole[];
export type NamedKeyRole = (typeof NAMED_KEY_ROLES)[number];

/** Whether `role` is one an owner may hand out: what a key created from the log (or a backup) may hold. */
export function isNamedKeyRole(role: unknown): role is NamedKeyRole {
  return typeof role === 'string' && (NAMED_KEY_ROLES as readonly string[]).includes(role);
}

/** What each role is for, as the Admin keys screen explains it. */
export const ADMIN_ROLE_DESCRIPTIONS: Record<AdminRole, string> = {
  owner: 'Everything, and manages admin keys',
  editor: 'Content sections and pages',
  moderator: 'Void, merge, unmerge, rename, seasons and import; may record matches',
  recorder: 'Records matches',
};

/**
 * Whether a key of role `held` may do what needs `needed`. The owner covers every role; a
 * moderator also covers recording (an import records matches, so recording is below it).
 */
export function roleCovers(held: AdminRole, needed: AdminRole): boolean {
  if (held === needed || held === 'owner') return true;
  return held === 'moderator' && needed === 'recorder';
}

/** The key id the owner key (ADMIN_KEY) is recorded under. */
export const OWNER_KEY_ID = 'owner';
export const OWNER_KEY_NAME = 'Owner';

/** Which key made an event: kept in its metadata and shown by the audit log. */
export interface AdminKeyRef {
  id: string;
  name: string;
}

export const MAX_ADMIN_KEY_NAME_LENGTH = 60;
/** The longest expiry an owner may set, in days from now. */
export const MAX_ADMIN_KEY_DAYS = 3660;

/** GET /api/admin/session: the presented key's identity (401 for a wrong key). */
export interface AdminSessionInfo {
  keyId: string;
  name: string;
  role: AdminRole;
  /** ISO time; null: the key does not expire. */
  expiresAt: string | null;
}

export type AdminKeyStatus = 'active' | 'revoked' | 'expired';

/** One named key as GET /api/admin/keys lists it: never the key itself, nor its hash. */
export interface AdminKeySummary {
  id: string;
  name: string;
  role: NamedKeyRole;
  status: AdminKeyStatus;
  createdAt: string;
  createdBy: AdminKeyRef;
  expiresAt: string | null;
  /** When it was revoked or found expired; null while active. */
  endedAt: string | null;
}

/** POST /api/admin/keys body. `expiresAt`: an ISO date or time in the future, or null. */
export interface CreateAdminKeyRequest {
  name: string;
  role: NamedKeyRole;
  expiresAt?: string | null;
}

/** POST /api/admin/keys answer: the only time the key itself is shown. */
export interface CreatedAdminKey {
  key: string;
  summary: AdminKeySummary;
}

/** GET /api/settings: the public settings the client adapts to. */
export interface PublicSettings {
  /** `open`: anyone may record a match (SPEC); `recorders`: POST /api/matches needs a recorder key or above. */
  publicRecording: 'open' | 'recorders';
}

// The events of the `admin-keys` stream. The key itself is never stored: only its SHA-256.
export interface AdminKeyCreated {
  type: 'AdminKeyCreated';
  data: { keyId: string; name: string; role: NamedKeyRole; keyHash: string; expiresAt: string | null };
}
export interface AdminKeyRevoked {
  type: 'AdminKeyRevoked';
  data: { keyId: string; name: string };
}
export interface AdminKeyExpired {
  type: 'AdminKeyExpired';
  data: { keyId: string; name: string; expiresAt: string };
}
export type AdminKeyEvent = AdminKeyCreated | AdminKeyRevoked | AdminKeyExpired;
export const ADMIN_KEYS_STREAM = 'admin-keys';

/** What is wrong with a key's name, or null (the name is trimmed first). */
export function adminKeyNameProblem(name: unknown): string | null {
  return namedFieldProblem(name, MAX_ADMIN_KEY_NAME_LENGTH, 'a key needs the name of the person who holds it');
}
