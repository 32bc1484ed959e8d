import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { PROFILE_QUERY_PARAMS, profileIdFrom } from './profile-link';

/** History state of an entry this screen pushed to open a profile: closing it goes back. */
interface OpenedHere {
  profileOpenedHere?: true;
}

/**
 * The open Player Profile, kept in the address (?playerId=): opening one pushes an entry, so
 * Back closes it and Forward opens it again, and the address can be shared. Closing goes back
 * over the entry this screen pushed; a profile a link opened is closed by taking the parameter
 * out, in place, so Back then leaves the screen as it would have.
 */
export function useProfileInAddress(): { playerId: number | null; open: (playerId: number) => void; close: () => void } {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const playerId = profileIdFrom(searchParams);
  const openedHere = (location.state as OpenedHere | null)?.profileOpenedHere === true;

  const open = useCallback(
    (id: number) => {
      const next = new URLSearchParams(searchParams);
      PROFILE_QUERY_PARAMS.forEach((name) => next.delete(name));
      next.set('playerId', String(id));
      // Another profile while one is open replaces it: Back closes the dialog, not each player seen.
      setSearchParams(next, { replace: playerId != null, state: { profileOpenedHere: true } satisfies OpenedHere, preventScrollReset: true });
    },
    [searchParams, setSearchParams, playerId],
  );

  const close = useCallback(() => {
    if (playerId == null) return;
    if (openedHere) {
      void navigate(-1);
      return;
    }
    const next = new URLSearchParams(searchParams);
    PROFILE_QUERY_PARAMS.forEach((name) => next.delete(name));
    setSearchParams(next, { replace: true, preventScrollReset: true });
  }, [playerId, openedHere, navigate, searchParams, setSearchParams]);

  return { playerId, open, close };
}
