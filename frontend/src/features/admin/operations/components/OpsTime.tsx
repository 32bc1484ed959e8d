import { useDateFormat } from '@/lib/date-format';

/** A time in an Operations card: it wraps between its words, and its title gives the exact instant. */
export function OpsTime({ iso }: { iso: string }) {
  const dates = useDateFormat();
  return (
    <time dateTime={iso} title={iso}>
      {dates.dateTimeSeconds(iso)}
    </time>
  );
}
