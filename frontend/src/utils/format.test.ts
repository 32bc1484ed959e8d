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

describe('dates in the visitor’s locale', () => {
  it('writes what toLocaleString writes, date and time to the minute', async () => {
    const { formatDate, formatDateTime } = await loadFormat();
    for (const iso of DATES) {
      const date = new Date(iso);
      expect(formatDateTime(iso)).toBe(date.toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }));
      expect(formatDate(iso)).toBe(date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }));
    }
  });

  it('writes American English as Intl does without building a formatter, over a year of dates and hours', async () => {
    expect(navigator.language).toBe('en-US');
    const american = {
      date: new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' }),
      dateTime: new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }),
    };
    const formatters = countDateFormatters();
    try {
      const { formatDate, formatDateTime, prepareDateFormats } = await loadFormat();
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
    const { formatDate, formatDateTime } = await loadFormat();
    expect(formatDateTime('not a date')).toBe('-');
    expect(formatDate('')).toBe('-');
  });

  it('in any other locale, goes through Intl with one formatter per pattern however many dates a list shows', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-DE');
    const formatters = countDateFormatters();
    try {
      const { formatDate, formatDateTime } = await loadFormat();
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
