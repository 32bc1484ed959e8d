import { afterEach, describe, expect, it, vi } from 'vitest';

const loadFormat = async () => {
  vi.resetModules();
  return import('./format');
};

afterEach(() => {
  vi.restoreAllMocks();
});

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

  it('shows a dash for a date that is not one', async () => {
    const { formatDate, formatDateTime } = await loadFormat();
    expect(formatDateTime('not a date')).toBe('-');
    expect(formatDate('')).toBe('-');
  });

  it('builds one formatter per pattern however many dates a list shows (a phone’s first load)', async () => {
    const Original = Intl.DateTimeFormat;
    let built = 0;
    class Counting extends Original {
      constructor(...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        super(...args);
        built++;
      }
    }
    Intl.DateTimeFormat = Counting as typeof Intl.DateTimeFormat;
    try {
      const { formatDate, formatDateTime } = await loadFormat();
      for (let i = 0; i < 10; i++) {
        formatDateTime(DATES[i % DATES.length]!);
        formatDate(DATES[i % DATES.length]!);
      }
    } finally {
      Intl.DateTimeFormat = Original;
    }
    // toLocaleString would build one (inside the engine) for each of the 20 calls.
    expect(built).toBe(2);
  });
});
