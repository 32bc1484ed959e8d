// What text a write may carry. PostgreSQL's jsonb (and text) cannot hold a NUL character or a
// lone UTF-16 surrogate, and no field of this product has a use for other C0 control
// characters: terminal escapes in a username or a bell in a title only ever come from a
// hostile or broken client. Tab, newline and carriage return stay allowed in multi-line fields.

/** C0 controls (U+0000–U+001F) except tab, newline and carriage return. */
const CONTROL_IN_MULTILINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
/** Every C0 control. */
const CONTROL_IN_ONE_LINE = /[\u0000-\u001F]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const CONTROL_CHARACTER_RULE = 'must not contain control characters';
export const LONE_SURROGATE_RULE = 'must be valid Unicode text (it holds a lone surrogate)';

/**
 * Why `value` may not be stored, as the end of a sentence that starts with the field's name
 * (`"Username " + problem`), or null when it may.
 */
export function textProblem(value: string, options: { multiline: boolean }): string | null {
  if (LONE_SURROGATE.test(value)) return LONE_SURROGATE_RULE;
  if ((options.multiline ? CONTROL_IN_MULTILINE : CONTROL_IN_ONE_LINE).test(value)) return CONTROL_CHARACTER_RULE;
  return null;
}

/** C1 controls (U+0080–U+009F) and DEL: never part of a name, though textProblem lets them through. */
const C1_OR_DELETE = /[\u007F-\u009F]/;

/** textProblem for a one-line name (a season, a map): every control character is refused, C1 and DEL too. */
export function nameTextProblem(value: string): string | null {
  return textProblem(value, { multiline: false }) ?? (C1_OR_DELETE.test(value) ? CONTROL_CHARACTER_RULE : null);
}

/** Format characters (Unicode category Cf: zero-width and bidi marks, the BOM, soft hyphens…): invisible. */
const FORMAT_CHARACTERS = /\p{Cf}/gu;

/** A name of spaces, zero-width or bidi characters alone shows as nothing at all. */
export function isBlankName(name: string): boolean {
  return name.replace(FORMAT_CHARACTERS, '').trim().length === 0;
}

/**
 * What two names are compared by where no two may share one (seasons, admin keys). Case,
 * surrounding spaces and invisible format characters do not tell names apart on a screen.
 */
export function nameCompareKey(name: string): string {
  return name.replace(FORMAT_CHARACTERS, '').trim().normalize('NFC').toLowerCase();
}

/**
 * What is wrong with a one-line `name` field (a season's, an admin key's), or null: it must be
 * text, storable, not blank once trimmed, and at most `max` characters. `needs` ends the
 * missing and blank messages ("a season needs a name").
 */
export function namedFieldProblem(name: unknown, max: number, needs: string): string | null {
  if (typeof name !== 'string') return `name: missing (${needs}).`;
  const unstorable = nameTextProblem(name);
  if (unstorable) return `name: ${unstorable}.`;
  const trimmed = name.trim();
  if (isBlankName(trimmed)) return `name: blank (${needs}).`;
  if (trimmed.length > max) return `name: ${trimmed.length} characters, at most ${max}.`;
  return null;
}

/** True when a string can be stored by PostgreSQL at all (no NUL, no lone surrogate). */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/**
 * Where in a JSON value the first key or string sits that PostgreSQL cannot store (`data.title`,
 * `data.participants[2].username`), or null. It walks with its own stack, so depth costs no recursion.
 */
export function unstorableTextPath(value: unknown, root = 'data'): string | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: root }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return path;
    } else if (Array.isArray(current)) {
      current.forEach((item, i) => stack.push({ value: item, path: `${path}[${i}]` }));
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, item] of Object.entries(current)) {
        if (!isStorableText(key)) return path;
        stack.push({ value: item, path: `${path}.${key}` });
      }
    }
  }
  return null;
}
