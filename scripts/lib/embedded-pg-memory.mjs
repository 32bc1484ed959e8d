// The embedded PostgreSQL's memory, sized to the machine (docs/configuration.md, docs/performance.md
// "Scale curve"): PostgreSQL's default 128 MB of shared buffers holds the read tables of a small
// ladder, but at a million matches a busy player's lines are read from outside them, one page per
// line. `npm start` and the benchmarks ask for these settings; the tests' many servers keep the
// default, since their databases are small and several run at once.
import os from 'node:os';

const MB = 1024 * 1024;
/** PostgreSQL's own default, and the least this gives. */
const FLOOR_MB = 128;
/** A quarter of the machine's memory, but no more than this. */
const CAP_MB = 4096;
/** The variables that override the sizes (a PostgreSQL size: `512MB`, `2GB`). */
export const SHARED_BUFFERS_VARIABLE = 'EMBEDDED_PG_SHARED_BUFFERS';
export const EFFECTIVE_CACHE_VARIABLE = 'EMBEDDED_PG_EFFECTIVE_CACHE_SIZE';

const SIZE = /^(\d+)(kB|MB|GB|TB)$/;

function givenSize(env, name) {
  const value = env[name];
  if (value === undefined || value === '') return null;
  if (!SIZE.test(value)) throw new Error(`${name} must be a PostgreSQL size such as 512MB or 2GB (a whole number and kB, MB, GB or TB), not "${value}"`);
  return value;
}

/**
 * `shared_buffers` and `effective_cache_size` for the embedded server: a quarter of `totalBytes`
 * (at least 128 MB, at most 4 GB) and half of it (at least 512 MB), unless the environment names
 * them (EMBEDDED_PG_SHARED_BUFFERS, EMBEDDED_PG_EFFECTIVE_CACHE_SIZE).
 */
export function embeddedMemorySettings({ totalBytes = os.totalmem(), env = process.env } = {}) {
  const totalMb = Math.floor(totalBytes / MB);
  const sharedMb = Math.min(CAP_MB, Math.max(FLOOR_MB, Math.floor(totalMb / 4)));
  const cacheMb = Math.max(512, Math.floor(totalMb / 2));
  return {
    shared_buffers: givenSize(env, SHARED_BUFFERS_VARIABLE) ?? `${sharedMb}MB`,
    effective_cache_size: givenSize(env, EFFECTIVE_CACHE_VARIABLE) ?? `${cacheMb}MB`,
  };
}
