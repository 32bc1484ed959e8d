/**
 * The rating pool a match moves: `overall` (Player.elo) when no mode was chosen, else the
 * mode's id. Everyone starts at START_RATING in every pool.
 */
export type PoolId = 'overall' | number;
