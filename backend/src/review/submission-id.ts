import { SUBMISSION_ID_PATTERN } from '@team/contracts';
import { InvalidInputError } from '../shared/domain-errors.js';

/** A submission id from the path: a UUID, or a 400. */
export function submissionIdParam(raw: string): string {
  if (!SUBMISSION_ID_PATTERN.test(raw)) throw new InvalidInputError('The submission id must be a UUID (as the link after submitting gave it).');
  return raw;
}
