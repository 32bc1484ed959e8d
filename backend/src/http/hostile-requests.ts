import { isStorableText, textProblem } from '@team/contracts';
import { InvalidInputError } from '../shared/domain-errors.js';

// Checks every API request passes before any route sees it: what no route has a use for and
// what would otherwise reach PostgreSQL as text it refuses (a 500 instead of a 400).

/** The refusal of an address whose percent-encoded bytes are not UTF-8 text. */
export const UNDECODABLE_ADDRESS = 'The address is not valid: it holds bytes that are not UTF-8 text.';

/** Deeper than any request body of this API (a block is three levels). */
export const MAX_BODY_DEPTH = 32;

/**
 * The refusal of an API address whose path or query holds control characters or bytes that do
 * not decode as UTF-8 (percent-encoded lone surrogates among them), or null: a NUL in a slug or
 * a filter would otherwise fail the query that carries it.
 */
export function unsafeAddressProblem(url: string): InvalidInputError | null {
  if (!url.startsWith('/api')) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    return new InvalidInputError(UNDECODABLE_ADDRESS);
  }
  if (textProblem(decoded, { multiline: false })) {
    return new InvalidInputError('The address is not valid: it holds control characters.');
  }
  return null;
}

/**
 * The refusal of a JSON body nested deeper than MAX_BODY_DEPTH, or with an object key PostgreSQL
 * could not store, or null. The walk uses its own stack: a body of a million brackets must not
 * overflow ours. Only objects and arrays are visited, and only object keys are checked (an
 * array's indexes are numbers), so a long array of numbers costs a loop over it and nothing
 * more. Field values are checked by each route's validation, which names the field in its message.
 */
export function unsafeBodyProblem(body: unknown): InvalidInputError | null {
  const stack: { value: object; depth: number }[] = [];
  if (typeof body === 'object' && body !== null) stack.push({ value: body, depth: 0 });
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (depth >= MAX_BODY_DEPTH) {
      return new InvalidInputError(`The request body is nested too deeply (at most ${MAX_BODY_DEPTH} levels).`);
    }
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index += 1) {
        const child: unknown = value[index];
        if (typeof child === 'object' && child !== null) stack.push({ value: child, depth: depth + 1 });
      }
      continue;
    }
    for (const key of Object.keys(value)) {
      if (!isStorableText(key)) return new InvalidInputError('The request body holds a field name that is not valid text.');
      const child: unknown = (value as Record<string, unknown>)[key];
      if (typeof child === 'object' && child !== null) stack.push({ value: child, depth: depth + 1 });
    }
  }
  return null;
}
