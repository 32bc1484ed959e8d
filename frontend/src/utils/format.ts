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

// Dates: in the site's stored locale (its `dateLocale` setting, docs/site-settings.md) and the
// visitor's own time zone. Screens format through useDateFormat() (lib/date-format.ts), which
// hands these the locale; nothing formats a date another way.

/** The patterns the site writes dates in. */
const DATE_PATTERNS = {
  /** "Mar 4, 2025" */
  date: { year: 'numeric', month: 'short', day: 'numeric' },
  /** "Mar 4, 2025, 06:00 PM" */
  dateTime: { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' },
  /** "Mar 4, 2025, 06:00:30 PM": the admin screens' event times. */
  dateTimeSeconds: { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' },
  /** "Sat, Mar 14, 2030, 07:00 PM CET": a fixture, its zone named (docs/schedule.md). */
  fixture: { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
export type DatePattern = keyof typeof DATE_PATTERNS;

/**
 * One formatter per locale, pattern and zone, made on first use: `toLocaleString` with options
 * builds a new Intl.DateTimeFormat (and looks the locale up again) on every call, which on a
 * phone's CPU made Recent Matches' ten dates a long task of the dashboard's first load.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(locale: string, pattern: DatePattern, timeZone?: string): Intl.DateTimeFormat {
  const key = `${locale}|${pattern}|${timeZone ?? ''}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, { ...DATE_PATTERNS[pattern], ...(timeZone ? { timeZone } : {}) });
    formatters.set(key, made);
  }
  return made;
}

const US_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A browser's first Intl date formatter loads its locale data: about 75 ms of a phone's main
 * thread (300 ms at Lighthouse's 4x) before a dated screen can paint. For American English (a
 * fresh site's `dateLocale`) the two commonest patterns are written here as Intl writes them
 * (format.test.ts compares them over a year of dates); any other locale, or a year Intl writes
 * differently, goes through Intl.
 */
function americanEnglish(locale: string, date: Date): boolean {
  const year = date.getFullYear();
  return locale === 'en-US' && year >= 1000 && year <= 9999;
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
 * Makes the date and date-time formatters of `locale` now, where Intl writes them: made before
 * the first render, the locale data's load comes before the first paint rather than as a long
 * task once the page shows (main.tsx, for the screens that show dates at once).
 */
export function prepareDateFormats(locale: string): void {
  if (americanEnglish(locale, new Date())) return;
  formatterFor(locale, 'date');
  formatterFor(locale, 'dateTime');
}

/**
 * `iso` in `locale`, in the visitor's time zone unless `timeZone` names another; a dash for a
 * date that is not one.
 */
export function formatDateIn(locale: string, pattern: DatePattern, iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return MISSING;
  if (!timeZone && americanEnglish(locale, date)) {
    if (pattern === 'date') return usDate(date);
    if (pattern === 'dateTime') return usDateTime(date);
  }
  return formatterFor(locale, pattern, timeZone).format(date);
}
