import { afterEach, describe, expect, it, vi } from 'vitest';

const loadFormat = async () => {
  vi.resetModules();
  return import('./format');
};

afterEach(() => {
  vi.restoreAllMocks();
});

/** Counts the Intl date formatters built until `restore`. */
function countDateFormatters() {
  const Original = Intl.DateTimeFormat;
  const count = { built: 0, restore: () => (Intl.DateTimeFormat = Original) };
  class Counting extends Original {
    constructor(...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
      super(...args);
      count.built++;
    }
  }
  Intl.DateTimeFormat = Counting as typeof Intl.DateTimeFormat;
  return count;
}

const DATES = ['2025-03-04T18:00:00.000Z', '2026-11-27T07:46:00.000Z', '1999-12-31T23:59:59.000Z'];

/** The formatters as useDateFormat() binds them to a locale. */
const loadIn = async (locale: string) => {
  const { formatDateIn, prepareDateFormats } = await loadFormat();
  return {
    formatDate: (iso: string) => formatDateIn(locale, 'date', iso),
    formatDateTime: (iso: string) => formatDateIn(locale, 'dateTime', iso),
    prepareDateFormats: () => prepareDateFormats(locale),
  };
};

describe('dates in the site’s locale', () => {
  it.each(['en-US', 'de-DE', 'en-GB', 'fr-FR'])('writes what toLocaleString writes in %s, date and time to the minute', async (locale) => {
    const { formatDate, formatDateTime } = await loadIn(locale);
    for (const iso of DATES) {
      const date = new Date(iso);
      expect(formatDateTime(iso)).toBe(date.toLocaleString(locale, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }));
      expect(formatDate(iso)).toBe(date.toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' }));
    }
  });

  it('writes the site’s locale, not the browser’s: de-DE in an en-US browser', async () => {
    expect(navigator.language).toBe('en-US');
    const { formatDateIn } = await loadFormat();
    expect(formatDateIn('de-DE', 'date', '2025-03-04T12:00:00.000Z')).toBe('4. März 2025');
    expect(formatDateIn('en-GB', 'date', '2025-03-04T12:00:00.000Z')).toBe('4 Mar 2025');
  });

  it('writes a fixture in the locale with the zone it is shown in named', async () => {
    const { formatDateIn } = await loadFormat();
    expect(formatDateIn('de-DE', 'fixture', '2030-03-14T18:00:00.000Z', 'Europe/Paris')).toBe('Do., 14. März 2030, 19:00 MEZ');
    expect(formatDateIn('en-US', 'fixture', '2030-03-14T18:00:00.000Z', 'UTC')).toMatch(/06:00 PM UTC$/);
  });

  it('writes American English as Intl does without building a formatter, over a year of dates and hours', async () => {
    const american = {
      date: new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' }),
      dateTime: new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }),
    };
    const formatters = countDateFormatters();
    try {
      const { formatDate, formatDateTime, prepareDateFormats } = await loadIn('en-US');
      prepareDateFormats();
      // Every 7 h 13 min through 2026: each month, each day of the month, AM and PM, midnight and noon.
      for (let time = Date.UTC(2026, 0, 1); time < Date.UTC(2027, 0, 1); time += (7 * 60 + 13) * 60_000) {
        const iso = new Date(time).toISOString();
        expect(formatDateTime(iso)).toBe(american.dateTime.format(time));
        expect(formatDate(iso)).toBe(american.date.format(time));
      }
      for (const iso of ['2026-06-01T00:05:00', '2026-06-01T12:00:00', '2026-06-01T23:59:00', '1999-12-31T09:07:00']) {
        expect(formatDateTime(iso)).toBe(american.dateTime.format(new Date(iso)));
      }
    } finally {
      formatters.restore();
    }
    expect(formatters.built).toBe(0);
  });

  it('shows a dash for a date that is not one', async () => {
    const { formatDate, formatDateTime } = await loadIn('de-DE');
    expect(formatDateTime('not a date')).toBe('-');
    expect(formatDate('')).toBe('-');
  });

  it('in any other locale, goes through Intl with one formatter per pattern however many dates a list shows', async () => {
    const formatters = countDateFormatters();
    try {
      const { formatDate, formatDateTime } = await loadIn('de-DE');
      for (let i = 0; i < 10; i++) {
        formatDateTime(DATES[i % DATES.length]!);
        formatDate(DATES[i % DATES.length]!);
      }
    } finally {
      formatters.restore();
    }
    // toLocaleString would build one (inside the engine) for each of the 20 calls.
    expect(formatters.built).toBe(2);
  });
});
