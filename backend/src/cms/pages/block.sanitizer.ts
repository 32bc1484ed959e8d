import type { BlockFields } from '@team/contracts';
import { sanitizeOptionalRichText } from '../shared/rich-text.sanitizer.js';

/**
 * Rich text is sanitised; an HTML block's content is kept as given, because the front end
 * shows it only inside a sandboxed iframe (and the editor warns to use trusted HTML only).
 */
export function sanitizeBlockFields<F extends Pick<BlockFields, 'blockType' | 'title' | 'content'>>(fields: F): F {
  return {
    ...fields,
    title: sanitizeOptionalRichText(fields.title),
    content: fields.blockType === 'html' ? fields.content : sanitizeOptionalRichText(fields.content),
  };
}
