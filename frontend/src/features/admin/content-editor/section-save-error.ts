import { responseText } from '@/lib/api';

export type SectionSaveStep = 'delete' | 'update' | 'create';

/**
 * A failed step of a content Save, with docs/product.md#messages's internal message: "Failed to delete
 * content", "Failed to update content: {body}" or "Failed to create content: {body}".
 * `cause` keeps the API error, so a rejected admin key is still recognised.
 */
export class SectionSaveError extends Error {
  override readonly name = 'SectionSaveError';

  constructor(step: SectionSaveStep, cause: unknown) {
    super(step === 'delete' ? 'Failed to delete content' : `Failed to ${step} content: ${responseText(cause)}`, { cause });
  }
}

/** Runs one step of a Save; its failure becomes the step's SectionSaveError. */
export async function saveStep<T>(step: SectionSaveStep, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (cause) {
    throw new SectionSaveError(step, cause);
  }
}

/** The API error behind a Save failure (what the admin-key check reads). */
export function saveFailureCause(error: unknown): unknown {
  return error instanceof SectionSaveError ? error.cause : error;
}
