/** Display precision of docs/product.md#constants-and-limits, and a dash for missing values (docs/product.md#screens-and-routes Player Profile). */

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

/** Record as "wins W - losses L" (Home's Top Players, docs/product.md#screens-and-routes): "10W - 0L". */
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

const US_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A browser's first Intl date formatter loads its locale data: about 75 ms of a phone's main
 * thread (300 ms at Lighthouse's 4x) before a dated screen can paint. For the commonest locale,
 * American English, the two patterns are written here as Intl writes them (format.test.ts
 * compares them over a year of dates); any other locale, or a year Intl writes differently,
 * goes through Intl.
 */
function americanEnglish(date: Date): boolean {
  const year = date.getFullYear();
  return typeof navigator !== 'undefined' && navigator.language === 'en-US' && year >= 1000 && year <= 9999;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

function usDate(date: Date): string {
  return `${US_MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

function usDateTime(date: Date): string {
  const hours = date.getHours();
  return `${usDate(date)}, ${twoDigits(hours % 12 || 12)}:${twoDigits(date.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}

/**
 * Makes both formatters now, where Intl writes the dates: made before the first render, the
 * locale data's load comes before the first paint rather than as a long task once the page shows
 * (main.tsx, for the screens that show dates at once).
 */
export function prepareDateFormats(): void {
  if (americanEnglish(new Date())) return;
  dateFormat();
  dateTimeFormat();
}

/** A calendar date in the visitor's locale: "Mar 4, 2025". */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return MISSING;
  return americanEnglish(date) ? usDate(date) : dateFormat().format(date);
}

/** A date and time to the minute in the visitor's locale and time zone: "Mar 4, 2025, 06:00 PM". */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return MISSING;
  return americanEnglish(date) ? usDateTime(date) : dateTimeFormat().format(date);
}
