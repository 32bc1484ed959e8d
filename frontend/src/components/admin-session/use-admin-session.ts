import { skipToken } from '@reduxjs/toolkit/query/react';
import type { AdminRole, AdminSessionInfo } from '@team/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { serverErrorMessage } from '@/lib/api';
import {
  forgetAdminKey,
  readStoredAdminKey,
  roleRefusal,
  sessionCovers,
  storeAdminKey,
  useGetAdminSessionQuery,
  useLazyGetAdminSessionQuery,
} from '@/lib/admin-session';
import { useToast } from '@/components/ui/toast';

/** What every admin screen shows when the server turns the stored key down. */
export const SESSION_EXPIRED_TOAST = {
  title: 'Session expired',
  description: 'The admin key was rejected. Please log in again.',
} as const;

function statusOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'status' in error ? (error as { status: unknown }).status : undefined;
}

export interface AdminSessionOptions {
  /**
   * A login whose key's role does not cover this is refused, and the key is not stored: the
   * record-match login, where any other key would leave the visitor where they were.
   */
  requires?: { role: AdminRole; what: string };
}

export interface AdminSession {
  /** A key is stored (docs/product.md#states-and-transitions: a stored key on load means logged in). */
  isAuthenticated: boolean;
  /** The stored key's name and role, once GET /api/admin/session has answered for it. */
  session: AdminSessionInfo | undefined;
  /** The session read failed other than with a 401 (a 429, the network): nothing is known of the key. */
  sessionError: unknown;
  retrySession: () => void;
  /**
   * Checks a non-empty key with GET /api/admin/session (docs/product.md#validation: an empty key does nothing),
   * then stores it. A refused key is not stored, and the toast says why.
   */
  login: (key: string) => Promise<void>;
  /** A login is being checked. */
  loggingIn: boolean;
  /** Forgets the key; the screen unmounts its editor, which clears its state. */
  logout: () => void;
  /**
   * For the error of any admin call: a 401 means the stored key is wrong, so the admin is
   * logged out with a toast and `true` comes back (the caller shows nothing else).
   */
  handleAdminError: (error: unknown) => boolean;
}

/**
 * docs/product.md#states-and-transitions admin authentication: the key lives in local storage under admin_key, and a stored
 * key on load means logged in. Named keys have roles, so the key's session (its name and role)
 * is read with it: by the login before the key is stored, and on load for a stored key, where
 * a 401 logs out. The API slice sends the stored key on every admin call.
 */
export function useAdminSession(loginDescription: string, options: AdminSessionOptions = {}): AdminSession {
  const { toast } = useToast();
  const [storedKey, setStoredKey] = useState(readStoredAdminKey);
  const query = useGetAdminSessionQuery(storedKey ?? skipToken);
  const [checkKey] = useLazyGetAdminSessionQuery();
  const [loggingIn, setLoggingIn] = useState(false);
  const checking = useRef(false);
  const requiredRole = options.requires?.role;
  const requiredFor = options.requires?.what ?? '';

  const logout = useCallback(() => {
    forgetAdminKey();
    setStoredKey(null);
  }, []);

  const handleAdminError = useCallback(
    (error: unknown) => {
      if (statusOf(error) !== 401) return false;
      logout();
      toast({ ...SESSION_EXPIRED_TOAST, variant: 'destructive' });
      return true;
    },
    [logout, toast],
  );

  // A stored key the server no longer takes (revoked, expired, or wrong) ends the session.
  const { error } = query;
  useEffect(() => {
    if (error) handleAdminError(error);
  }, [error, handleAdminError]);

  const login = useCallback(
    async (key: string) => {
      const trimmed = key.trim();
      if (!trimmed || checking.current) return;
      checking.current = true;
      setLoggingIn(true);
      try {
        const session = await checkKey(trimmed).unwrap();
        if (requiredRole && !sessionCovers(session, requiredRole)) {
          toast({ title: 'Error', description: roleRefusal(requiredFor, requiredRole, session), variant: 'destructive' });
          return;
        }
        storeAdminKey(trimmed);
        setStoredKey(trimmed);
        toast({ title: 'Authenticated', description: loginDescription });
      } catch (failure) {
        toast({ title: 'Error', description: serverErrorMessage(failure, 'Failed to log in'), variant: 'destructive' });
      } finally {
        checking.current = false;
        setLoggingIn(false);
      }
    },
    [checkKey, requiredRole, requiredFor, toast, loginDescription],
  );

  const { refetch } = query;
  const retrySession = useCallback(() => {
    void refetch();
  }, [refetch]);

  return {
    isAuthenticated: storedKey !== null,
    // currentData: the answer for this key, never the one before it.
    session: storedKey === null ? undefined : query.currentData,
    sessionError: statusOf(query.error) === 401 ? undefined : query.error,
    retrySession,
    login,
    loggingIn,
    logout,
    handleAdminError,
  };
}
