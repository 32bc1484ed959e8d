import { PLAYER_SEARCH_MAX_QUERY_LENGTH, type PlayerSearchHit } from '@team/contracts';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useCallback, useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { searchPlayersApi, useLazySearchPlayersQuery, type SearchPlayersArgs } from '../../api/search-players';

/** A lookup starts this long after the last keystroke: typing a name asks once, not once a letter. */
export const LOOKUP_DEBOUNCE_MS = 200;
/** How many known players a row's list offers. */
export const LOOKUP_LIMIT = 8;

/** The lookup for what a field holds, or null when there is nothing to look up (blank, or longer than a lookup takes). */
export function lookupArgs(text: string): SearchPlayersArgs | null {
  const q = text.trim();
  return q === '' || q.length > PLAYER_SEARCH_MAX_QUERY_LENGTH ? null : { q, limit: LOOKUP_LIMIT };
}

export interface PlayerLookup {
  /** The players found for the text as it is now; undefined until that lookup has answered. */
  found: readonly PlayerSearchHit[] | undefined;
  /** What the list offers meanwhile: the latest answer, for the text a keystroke ago. */
  offered: readonly PlayerSearchHit[];
}

/**
 * Known players for what a field holds, looked up LOOKUP_DEBOUNCE_MS after the last change.
 * Newer text aborts a lookup still on its way: its answer would only be thrown away.
 */
export function usePlayerLookup(text: string): PlayerLookup {
  const args = lookupArgs(text);
  const q = args?.q ?? null;
  const [lookUp, { data, currentData, originalArgs }] = useLazySearchPlayersQuery();
  useEffect(() => {
    if (q === null) return;
    let request: { abort(): void } | undefined;
    const timer = setTimeout(() => {
      request = lookUp({ q, limit: LOOKUP_LIMIT }, true);
    }, LOOKUP_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      request?.abort();
    };
  }, [q, lookUp]);
  if (q === null) return { found: undefined, offered: [] };
  return { found: originalArgs?.q === q ? currentData : undefined, offered: data ?? [] };
}

/**
 * Looks up what a field holds at once (from the cache when a lookup already answered): the
 * submit's check of every row. Undefined when the lookup failed; nothing to look up finds no one.
 */
export function useLookUpNow(): (text: string) => Promise<readonly PlayerSearchHit[] | undefined> {
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
  return useCallback(
    async (text: string) => {
      const args = lookupArgs(text);
      if (!args) return [];
      try {
        return await dispatch(searchPlayersApi.endpoints.searchPlayers.initiate(args, { subscribe: false })).unwrap();
      } catch {
        return undefined;
      }
    },
    [dispatch],
  );
}
