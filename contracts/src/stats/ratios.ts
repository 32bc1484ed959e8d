/** KDA as the Record Match readout and the ELO performance use it (SPEC §2): (k + a) / max(1, d). */
export function kda(kills: number, deaths: number, assists: number): number {
  return (kills + assists) / Math.max(1, deaths);
}

/** K/D of one match or of totals: kills over deaths, or the kills themselves when deaths are 0 (SPEC §2). */
export function kdRatio(kills: number, deaths: number): number {
  return deaths > 0 ? kills / deaths : kills;
}
