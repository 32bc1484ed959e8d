// Times in the visitor's own zone, with the zone named (docs/schedule.md): the API gives UTC.
// They are written by useDateFormat().fixture (lib/date-format.ts), in the site's locale.

/** The zone times are shown in, by its IANA name (`Europe/Paris`). */
export function visitorTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** `2d 4h 05m 09s` until `iso` from `now`; null once it has started. */
export function countdownText(iso: string, now: number): string | null {
  const left = Math.floor((new Date(iso).getTime() - now) / 1000);
  if (left <= 0) return null;
  const [days, hours, minutes, seconds] = [Math.floor(left / 86_400), Math.floor((left % 86_400) / 3600), Math.floor((left % 3600) / 60), left % 60];
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${days > 0 ? `${days}d ` : ''}${hours}h ${pad(minutes)}m ${pad(seconds)}s`;
}
