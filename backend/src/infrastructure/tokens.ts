/** Injection tokens for things that are not classes. */
export const APP_CONFIG = Symbol('APP_CONFIG');
export const KNEX = Symbol('KNEX');
/** The pool for read-model queries: READ_DATABASE_URL's replica, or the same database as KNEX. */
export const READ_KNEX = Symbol('READ_KNEX');
export const EVENT_STORE = Symbol('EVENT_STORE');
export const CLOCK = Symbol('CLOCK');
export const FINGERPRINT_SECRET = Symbol('FINGERPRINT_SECRET');
export const PUBLIC_WRITE_LIMITER = Symbol('PUBLIC_WRITE_LIMITER');
export const ADMIN_FAILURE_LIMITER = Symbol('ADMIN_FAILURE_LIMITER');
export const LIVE_OPEN_LIMITER = Symbol('LIVE_OPEN_LIMITER');
export const LOGGER = Symbol('LOGGER');
/** Time travel's own small pool, so folding the past never takes the connections commands and the projector use. */
export const TIME_TRAVEL_KNEX = Symbol('TIME_TRAVEL_KNEX');
/** The database URL, for the extra pool a rebuild opens on its own schema. */
export const DATABASE_URL = Symbol('DATABASE_URL');

/** The injected clock: decisions never read the time themselves. */
export type Clock = () => Date;
