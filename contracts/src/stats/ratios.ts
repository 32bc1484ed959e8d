/** KDA as the Record Match readout and the ELO performance use it (docs/product.md#screens-and-routes): (k + a) / max(1, d). */
export function kda(kills: number, deaths: number, assists: number): number {
  return (kills + assists) / Math.max(1, deaths);
}

/** K/D of one match or of totals: kills over deaths, or the kills themselves when deaths are 0 (docs/product.md#screens-and-routes). */
export function kdRatio(kills: number, deaths: number): number {
  return deaths > 0 ? kills / deaths : kills;
}
