const pad = (value: number) => String(value).padStart(2, '0');

/** A day as a date input's value (yyyy-mm-dd), in the browser's time zone. */
export function dateInputValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * A date input's value as the ISO instant a key expires at: the end of that day in local time,
 * so a key "expiring on the 12th" still works all of the 12th. Empty (never expires) or not a
 * date: null.
 */
export function endOfLocalDay(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day, 23, 59, 59, 999);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return date.toISOString();
}

/** What is wrong with an expiry date before it is sent, or null (empty: never expires). */
export function expiryProblem(value: string, now: Date): string | null {
  if (!value) return null;
  const iso = endOfLocalDay(value);
  if (!iso) return 'The expiry date is not a valid date.';
  if (Date.parse(iso) <= now.getTime()) return 'The expiry date must be today or later.';
  return null;
}
