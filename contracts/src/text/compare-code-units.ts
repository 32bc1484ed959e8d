/**
 * Strings in code-unit order, with no locale: for text whose order is in its characters, such
 * as ISO 8601 timestamps of one format. localeCompare would load the browser's collation data
 * on first use (ranking.ts), for the same answer.
 */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
