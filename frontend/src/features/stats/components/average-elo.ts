/** docs/product.md#constants-and-limits: Average ELO defaults to 1000 when absent, and is rounded. */
export const DEFAULT_AVERAGE_ELO = 1000;

export function displayAverageElo(avgElo: number | null | undefined): number {
  return typeof avgElo === 'number' && Number.isFinite(avgElo) ? Math.round(avgElo) : DEFAULT_AVERAGE_ELO;
}
