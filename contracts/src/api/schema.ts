import { z } from 'zod';
import type { AdminRole } from '../admin-keys/admin-roles.js';

// One schema per wire type (docs/api.md): the TypeScript type both sides use is its z.infer, the
// server validates requests with it, and the OpenAPI document's component schemas are made from
// it (z.toJSONSchema: OpenAPI 3.1 is JSON Schema 2020-12). A schema that is a component names
// itself with `.meta({ id: 'Fixture' })`.

export { z };

/** An ISO-8601 time, as the server writes it (`Date#toISOString`). */
export const isoTime = () => z.string().meta({ format: 'date-time' });

/** A whole number: ids, counts, ratings and log positions. */
export const wholeNumber = () => z.int();

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
export function checkWith<S extends z.ZodType>(schema: S, value: unknown, options: { separator?: string } = {}): SchemaCheck<z.output<S>> {
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, value: result.data };
  // `separator: ' '` reads `title must be a string` where a message continues the field's name.
  const separator = options.separator ?? ': ';
  return {
    ok: false,
    problems: result.error.issues.map((issue) => {
      const field = fieldPath(issue.path);
      return field ? `${field}${separator}${issue.message}` : issue.message;
    }),
  };
}

/** The API's error shape (`{ error, details? }`), for every 4xx and 5xx answer. */
export const ApiErrorSchema = z
  .object({ error: z.string(), details: z.array(z.string()).optional() })
  .meta({ id: 'ApiError', description: 'Every error answer: one sentence, and the problems found when there are several.' });

/** The error answers of an operation: each status answers ApiErrorSchema. */
export function errorResponses(...statuses: number[]): Record<number, typeof ApiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, ApiErrorSchema]));
}

/** A path parameter that is a positive whole number (`/api/matches/{id}`). */
export function idParam(description: string, name = 'id'): z.ZodObject {
  return z.object({ [name]: z.int().min(1).meta({ description }) });
}

/** The `asOf` query of the time-travelling reads: a log position or an ISO time. */
export const AS_OF_QUERY = z.object({
  asOf: z.string().optional().meta({ description: 'A log position (a whole number) or an ISO time: the answer as it stood then.' }),
});

/** The body of a write that the log recorded: the event's position. */
export const positionField = () => z.int().min(0).meta({ description: 'The global log position of the event appended.' });

/**
 * One operation of the API, as the OpenAPI document describes it (contracts/src/openapi/).
 * Every route a controller serves has one; a test holds the two lists equal.
 */
export interface ApiOperationSpec {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI's form: `/api/fixtures/{id}`. */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  /** The admin role the operation needs (`x-admin-key`); absent: public. `any`: any valid key. */
  role?: AdminRole | 'any';
  pathParams?: z.ZodObject;
  query?: z.ZodObject;
  /** Request headers the operation reads (besides x-admin-key, which `role` stands for). */
  headers?: z.ZodObject;
  /** The request body's schema (its input side: what a client sends). */
  body?: z.ZodType;
  /** The body's media types, when it is not JSON alone (`['multipart/form-data']`); the default is `application/json`. */
  bodyMediaTypes?: string[];
  /** Status → the JSON body's schema, `null` for no body, or a media type for other bodies. */
  responses: Record<number, z.ZodType | null | ApiMediaResponse>;
}

/** An answer that is not (only) JSON: a file, a stream, an image. */
export interface ApiMediaResponse {
  mediaType: string;
  description: string;
  /** The body's schema in that media type, when it has one. */
  schema?: z.ZodType;
  /** Further media types the same status may answer with, and their schemas (null: none). */
  otherMediaTypes?: Record<string, z.ZodType | null>;
}
