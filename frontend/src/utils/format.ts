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

/** A calendar date in the visitor's locale: "Mar 4, 2025". */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return MISSING;
  return date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return MISSING;
  return date.toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}
