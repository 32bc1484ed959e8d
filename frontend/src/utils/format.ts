/** Display precision of SPEC §9, and a dash for missing values (SPEC §2 Player Profile). */

export const MISSING = '-';

function isNumber(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Win rate, 1 decimal, with a percent sign: "62.5%". */
export function formatWinRate(percent: number | null | undefined): string {
  return isNumber(percent) ? `${percent.toFixed(1)}%` : MISSING;
}

/** K/D and KDA, 2 decimals. */
export function formatRatio(ratio: number | null | undefined): string {
  return isNumber(ratio) ? ratio.toFixed(2) : MISSING;
}

/** Per-match averages (kills, deaths, assists), 1 decimal. */
export function formatAverage(value: number | null | undefined): string {
  return isNumber(value) ? value.toFixed(1) : MISSING;
}

/** Whole numbers: ELO, average score, counts. */
export function formatInteger(value: number | null | undefined): string {
  return isNumber(value) ? String(Math.round(value)) : MISSING;
}

/** An ELO change with its sign: "+12", "-8", "0". */
export function formatSigned(value: number | null | undefined): string {
  if (!isNumber(value)) return MISSING;
  return value > 0 ? `+${value}` : String(value);
}

/** Record as "W-L" (tracker screens). */
export function formatRecord(wins: number, losses: number): string {
  return `${wins}-${losses}`;
}

/** Record as "wins W - losses L" (Home's Top Players, SPEC §2): "10W - 0L". */
export function formatWinsLosses(wins: number, losses: number): string {
  return `${wins}W - ${losses}L`;
}

/**
 * One formatter per pattern, made on first use: `toLocaleString` with options builds a new
 * Intl.DateTimeFormat (and looks the locale up again) on every call, which on a phone's CPU
 * made Recent Matches' ten dates a long task of the dashboard's first load.
 */
function formatter(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let made: Intl.DateTimeFormat | undefined;
  return () => (made ??= new Intl.DateTimeFormat(undefined, options));
}

const dateFormat = formatter({ year: 'numeric', month: 'short', day: 'numeric' });
const dateTimeFormat = formatter({ year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

/**
 * Makes both formatters now. A browser's first date formatting loads its locale data, one task
 * of about 100 ms on a phone's CPU (Lighthouse's 4x): in the first render of a screen with dates
 * it blocks the page once it shows; made before the first render, it comes before the first
 * paint instead (main.tsx, for the screens that show dates at once).
 */
export function prepareDateFormats(): void {
  dateFormat();
  dateTimeFormat();
}

/** A calendar date in the visitor's locale: "Mar 4, 2025". */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return MISSING;
  return dateFormat().format(date);
}

/** A date and time to the minute in the visitor's locale and time zone: "Mar 4, 2025, 06:00 PM". */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return MISSING;
  return dateTimeFormat().format(date);
}
