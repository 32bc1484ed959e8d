import type { LiveStatus } from '@/lib/live';
import './live-indicator.css';

const LABELS: Record<LiveStatus, string> = {
  live: 'Live',
  connecting: 'Connecting…',
  reconnecting: 'Reconnecting…',
};

const HINTS: Record<LiveStatus, string> = {
  live: 'Live: the pages update as matches are recorded',
  connecting: 'Connecting to live updates',
  reconnecting: 'Live updates paused: reconnecting. The pages still work; they update again once connected.',
};

/** A dot and a word in the tracker's header: whether the pages move by themselves right now. */
export function LiveIndicator({ status }: { status: LiveStatus }) {
  return (
    <span className="live-indicator" data-status={status} role="status" title={HINTS[status]}>
      <span className="live-indicator-dot" aria-hidden />
      <span>{LABELS[status]}</span>
    </span>
  );
}
