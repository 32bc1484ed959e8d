// The admin roles and the rules on keys that the screens share (no schemas: the site's header
// and the admin login import these on every page; the wire schemas are in api/admin-keys.ts).
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

export const MAX_ADMIN_KEY_NAME_LENGTH = 60;
/** The longest expiry an owner may set, in days from now. */
export const MAX_ADMIN_KEY_DAYS = 3660;

/** The stream of the named keys. */
export const ADMIN_KEYS_STREAM = 'admin-keys';

/** What is wrong with a key's name, or null (the name is trimmed first). */
export function adminKeyNameProblem(name: unknown): string | null {
  return namedFieldProblem(name, MAX_ADMIN_KEY_NAME_LENGTH, 'a key needs the name of the person who holds it');
}
