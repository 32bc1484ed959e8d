import type { PoolId } from '@team/contracts';

// The ladder's pools as its state keys them.

/** Internal pool key: 0 is the overall pool, a mode's id its own (mode ids start at 1). */
export type PoolKey = number;
export const OVERALL: PoolKey = 0;

export const toPoolKey = (pool: PoolId): PoolKey => (pool === 'overall' ? OVERALL : pool);
export const toPoolId = (key: PoolKey): PoolId => (key === OVERALL ? 'overall' : key);
