/**
 * Paths of shareable tracker pages, for the features that link to them (they cannot import
 * one another). The routes themselves are declared in app/router.tsx.
 */

/** A match's page: Recent Matches, the profile's history and the audit log link to it. */
export const matchPath = (id: number): string => `/tracker/matches/${id}`;

/** A review-mode submission's status page: the link the Record Match form gives after submitting. */
export const submissionPath = (id: string): string => `/tracker/submissions/${id}`;

/** A player's profile: the Players screen with the profile open (docs/product.md#screens-and-routes's ?playerId=). */
export const playerPath = (id: number): string => `/tracker/players?playerId=${id}`;
