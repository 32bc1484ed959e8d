// The player lookup's limit (no schemas: the Record Match form imports it).

/** GET /api/players/search: `q` is 1 to this many characters once trimmed. */
export const PLAYER_SEARCH_MAX_QUERY_LENGTH = 64;
