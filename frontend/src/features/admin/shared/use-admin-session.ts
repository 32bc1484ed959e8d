import { useCallback, useState } from 'react';
import { ADMIN_KEY_STORAGE_KEY } from '@/lib/api';
import { useToast } from '@/components/ui/toast';

/** What every admin screen shows when the server turns the stored key down. */
export const SESSION_EXPIRED_TOAST = {
  title: 'Session expired',
  description: 'The admin key was rejected. Please log in again.',
} as const;

function readStoredKey(): string | null {
  const key = localStorage.getItem(ADMIN_KEY_STORAGE_KEY);
  return key ? key : null;
}

function isUnauthorized(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && (error as { status: unknown }).status === 401;
}

export interface AdminSession {
  isAuthenticated: boolean;
  /** Stores a non-empty key (SPEC §5: an empty key does nothing; the client does not verify it). */
  login: (key: string) => void;
  /** Forgets the key; the screen unmounts its editor, which clears its state. */
  logout: () => void;
  /**
   * For the error of any admin call: a 401 means the stored key is wrong, so the admin is
   * logged out with a toast and `true` comes back (the caller shows nothing else).
   */
  handleAdminError: (error: unknown) => boolean;
}

/**
 * SPEC §4 admin authentication: the key lives in local storage under admin_key, a stored
 * key on load means logged in. The key is sent by the API slice on every admin call.
 */
export function useAdminSession(loginDescription: string): AdminSession {
  const { toast } = useToast();
  const [isAuthenticated, setAuthenticated] = useState(() => readStoredKey() !== null);

  const login = useCallback(
    (key: string) => {
      const trimmed = key.trim();
      if (!trimmed) return;
      localStorage.setItem(ADMIN_KEY_STORAGE_KEY, trimmed);
      setAuthenticated(true);
      toast({ title: 'Authenticated', description: loginDescription });
    },
    [toast, loginDescription],
  );

  const logout = useCallback(() => {
    localStorage.removeItem(ADMIN_KEY_STORAGE_KEY);
    setAuthenticated(false);
  }, []);

  const handleAdminError = useCallback(
    (error: unknown) => {
      if (!isUnauthorized(error)) return false;
      logout();
      toast({ ...SESSION_EXPIRED_TOAST, variant: 'destructive' });
      return true;
    },
    [logout, toast],
  );

  return { isAuthenticated, login, logout, handleAdminError };
}
