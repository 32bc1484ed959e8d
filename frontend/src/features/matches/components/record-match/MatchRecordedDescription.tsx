import { RECORD_MATCH_SUCCESS } from '@team/contracts';
import type { MouseEvent } from 'react';
import { matchPath } from '@/lib/paths';

export interface MatchRecordedDescriptionProps {
  /** The new match's id, from the record-match answer (absent: no link). */
  matchId: number | undefined;
  /**
   * Opens a path in the app. The toasts are drawn outside the router, so the form hands its
   * own navigate over; the link stays a real link for a new tab.
   */
  open: (path: string) => void;
  /** Refills the form with the match's players, mode and map (a series' next game); absent: not offered. */
  again?: () => void;
}

/** docs/product.md#messages's success description, word for word, and a link to the new match's page. */
export function MatchRecordedDescription({ matchId, open, again }: MatchRecordedDescriptionProps) {
  const path = matchId === undefined ? null : matchPath(matchId);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!path || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    open(path);
  };
  return (
    <>
      <span className="match-recorded-message">{RECORD_MATCH_SUCCESS.message}</span>
      {path && (
        <a className="match-recorded-link" href={path} onClick={follow}>
          View match
        </a>
      )}
      {again && (
        <button type="button" className="match-recorded-again" onClick={again}>
          Record another with these players
        </button>
      )}
    </>
  );
}
