import { formatEventTime } from '../../shared/event-time';

/** A time in an Operations card: it wraps between its words, and its title gives the exact instant. */
export function OpsTime({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={iso}>
      {formatEventTime(iso)}
    </time>
  );
}
