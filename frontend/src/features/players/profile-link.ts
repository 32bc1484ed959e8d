/** ?playerId= (docs/product.md#screens-and-routes) and ?id= (the merge tool's View Profile link) both open a profile on the Players screen. */
export const PROFILE_QUERY_PARAMS = ['playerId', 'id'] as const;

/** The player a Players link opens: the first of its profile parameters that is a positive whole number. */
export function profileIdFrom(params: URLSearchParams): number | null {
  for (const name of PROFILE_QUERY_PARAMS) {
    const id = Number(params.get(name));
    if (Number.isInteger(id) && id > 0) return id;
  }
  return null;
}
