import type { PlayerMatchRecord } from '@team/contracts';
import type { ReactNode } from 'react';
import { ShimmerLines } from '@/components/ui/Shimmer';
import { MatchHistoryEntry } from './MatchHistoryEntry';

export interface MatchHistoryListProps {
  records: PlayerMatchRecord[] | undefined;
  loading: boolean;
  showMatchDetails?: boolean;
  /** An extra control per entry (the admin's Void match). */
  renderAction?: (record: PlayerMatchRecord) => ReactNode;
}

/** "Match History": a fixed-height scrolling list, or "No match history available". */
export function MatchHistoryList({ records, loading, showMatchDetails, renderAction }: MatchHistoryListProps) {
  return (
    <section className="match-history" aria-labelledby="match-history-title">
      <h3 id="match-history-title">Match History</h3>
      {loading ? (
        <ShimmerLines lines={4} />
      ) : !records || records.length === 0 ? (
        <p className="muted">No match history available</p>
      ) : (
        // Focusable, so a keyboard can scroll a history longer than the box (axe: scrollable-region-focusable).
        <ul className="match-history-scroll" tabIndex={0} aria-labelledby="match-history-title">
          {records.map((record) => (
            <MatchHistoryEntry
              key={record.id}
              record={record}
              showMatchDetails={showMatchDetails}
              action={renderAction?.(record)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
