import { skipToken } from '@reduxjs/toolkit/query/react';
import { roleCovers, type AdminRole, type AdminSessionInfo } from '@team/contracts';
import { ADMIN_KEY_STORAGE_KEY, api } from './api';

/** What a screen or an action needs: a role (the owner covers every role), or any valid key. */
export type RoleNeeded = AdminRole | 'any';

/** Whether a checked session may do what needs `needed`; no session (not read yet, or none) may do nothing. */
export function sessionCovers(session: AdminSessionInfo | null | undefined, needed: RoleNeeded): boolean {
  if (!session) return false;
  return needed === 'any' || roleCovers(session.role, needed);
}

/** The stored admin key (docs/product.md#states-and-transitions: local storage, admin_key), or null. */
export function readStoredAdminKey(): string | null {
  const key = localStorage.getItem(ADMIN_KEY_STORAGE_KEY);
  return key ? key : null;
}

export function storeAdminKey(key: string): void {
  localStorage.setItem(ADMIN_KEY_STORAGE_KEY, key);
}

export function forgetAdminKey(): void {
  localStorage.removeItem(ADMIN_KEY_STORAGE_KEY);
}

/**
 * Why a key cannot do something, as the server's 403 says it:
 * `The Seasons screen needs the moderator role. Your key "Alice" has the editor role.`
 */
export function roleRefusal(what: string, needed: AdminRole, session: AdminSessionInfo): string {
  return `${what} needs the ${needed} role. Your key "${session.name}" has the ${session.role} role.`;
}

export const adminSessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/admin/session with the key given, not the stored one: the login checks the typed
     * key with it before storing it, and that answer is then the stored key's session. Keyed by
     * the key, so every screen that holds the same key shares one read.
     */
    getAdminSession: build.query<AdminSessionInfo, string>({
      query: (key) => ({ url: '/api/admin/session', headers: { 'x-admin-key': key } }),
    }),
  }),
});

export const { useGetAdminSessionQuery, useLazyGetAdminSessionQuery } = adminSessionApi;

/**
 * The stored key's session as far as the cache knows it, without reading it: what the screens
 * behind a login (which read it) use to decide which actions and links to show.
 */
export function useKnownAdminSession(): AdminSessionInfo | undefined {
  const key = readStoredAdminKey();
  return adminSessionApi.endpoints.getAdminSession.useQueryState(key ?? skipToken).data;
}

/**
 * The stored key's session, read once (then from the cache) when a key is stored: for a
 * screen that shows admin controls without a login of its own (the player profile).
 */
export function useStoredAdminSession(enabled = true): AdminSessionInfo | undefined {
  const key = enabled ? readStoredAdminKey() : null;
  return useGetAdminSessionQuery(key ?? skipToken).data;
}
