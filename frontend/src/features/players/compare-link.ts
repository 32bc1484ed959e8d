/** The compare view's query parameters: `a` and `b` are player ids. */
export const COMPARE_PATH = '/tracker/compare';

/** A shareable link to the compare view with one or both players chosen. */
export function compareLink(a: number | null, b: number | null): string {
  const params = new URLSearchParams();
  if (a != null) params.set('a', String(a));
  if (b != null) params.set('b', String(b));
  const query = params.toString();
  return query ? `${COMPARE_PATH}?${query}` : COMPARE_PATH;
}

/** What a compare link's parameter says: nothing chosen, a player id, or something that is not one. */
export type CompareParam = { kind: 'none' } | { kind: 'id'; id: number } | { kind: 'invalid'; raw: string };

export function compareParam(params: URLSearchParams, name: 'a' | 'b'): CompareParam {
  const raw = params.get(name);
  if (raw == null || raw.trim() === '') return { kind: 'none' };
  return /^\d{1,9}$/.test(raw.trim()) && Number(raw) > 0 ? { kind: 'id', id: Number(raw) } : { kind: 'invalid', raw };
}
