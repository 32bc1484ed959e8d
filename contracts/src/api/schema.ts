import { z } from 'zod';
import type { AdminRole } from '../admin-keys/admin-keys.js';

// One schema per wire type (docs/api.md): the TypeScript type both sides use is its z.infer, the
// server validates requests with it, and the OpenAPI document's component schemas are made from
// it (z.toJSONSchema: OpenAPI 3.1 is JSON Schema 2020-12). A schema that is a component names
// itself with `.meta({ id: 'Fixture' })`.

export { z };

/** What a check of a request value against its schema found. */
export type SchemaCheck<T> = { ok: true; value: T } | { ok: false; problems: string[] };

/** `team1[0].kills`, as the API's messages name a field. */
function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, part) => (typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${String(part)}` : String(part)), '');
}

/**
 * Checks `value` against `schema`; each problem is one sentence that names its field
 * (`startsAt: …`). The schema's own messages (`z.string({ error: '…' })`, `.refine(…, '…')`) are
 * the words the API answers with.
 */
export function checkWith<S extends z.ZodType>(schema: S, value: unknown): SchemaCheck<z.output<S>> {
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, value: result.data };
  return {
    ok: false,
    problems: result.error.issues.map((issue) => {
      const field = fieldPath(issue.path);
      return field ? `${field}: ${issue.message}` : issue.message;
    }),
  };
}

/** The API's error shape (`{ error, details? }`), for every 4xx and 5xx answer. */
export const ApiErrorSchema = z
  .object({ error: z.string(), details: z.array(z.string()).optional() })
  .meta({ id: 'ApiError', description: 'Every error answer: one sentence, and the problems found when there are several.' });

/**
 * One operation of the API, as the OpenAPI document describes it (contracts/src/api/openapi/).
 * Every route a controller serves has one; a test holds the two lists equal.
 */
export interface ApiOperationSpec {
  method: 'get' | 'post' | 'put' | 'delete';
  /** OpenAPI's form: `/api/fixtures/{id}`. */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  /** The admin role the operation needs (`x-admin-key`); absent: public. `any`: any valid key. */
  role?: AdminRole | 'any';
  pathParams?: z.ZodObject;
  query?: z.ZodObject;
  /** The JSON request body. */
  body?: z.ZodType;
  /** Status → the JSON body's schema, `null` for no body, or a media type for other bodies. */
  responses: Record<number, z.ZodType | null | { mediaType: string; description: string }>;
}
