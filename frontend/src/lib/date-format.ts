import { useMemo } from 'react';
import { formatDateIn } from '@/utils/format';
import { useSite } from './site';

/** Dates as the site writes them: in its stored locale, in the visitor's own time zone. */
export interface DateFormat {
  /** The site's `dateLocale` (docs/site-settings.md). */
  locale: string;
  /** "Mar 4, 2025" */
  date(iso: string): string;
  /** "Mar 4, 2025, 06:00 PM" */
  dateTime(iso: string): string;
  /** "Mar 4, 2025, 06:00:30 PM": the admin screens' event times. */
  dateTimeSeconds(iso: string): string;
  /** "Sat, Mar 14, 2030, 07:00 PM CET": a fixture, with its zone named; `timeZone` the visitor's by default (docs/schedule.md). */
  fixture(iso: string, timeZone?: string): string;
}

/** The one way screens format dates: the site's `dateLocale` from GET /api/site (the fallback's until it answers). */
export function useDateFormat(): DateFormat {
  const { dateLocale } = useSite();
  return useMemo(
    () => ({
      locale: dateLocale,
      date: (iso) => formatDateIn(dateLocale, 'date', iso),
      dateTime: (iso) => formatDateIn(dateLocale, 'dateTime', iso),
      dateTimeSeconds: (iso) => formatDateIn(dateLocale, 'dateTimeSeconds', iso),
      fixture: (iso, timeZone) => formatDateIn(dateLocale, 'fixture', iso, timeZone),
    }),
    [dateLocale],
  );
}
