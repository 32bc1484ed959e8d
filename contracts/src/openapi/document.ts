// The OpenAPI 3.1 document of the whole API, made from the operation lists (operations.ts) and
// their zod schemas: OpenAPI 3.1's schemas are JSON Schema 2020-12, which z.toJSONSchema writes.
// Every schema with an id becomes a component; answers are converted as the server writes them
// (z.object: no other fields), requests as a client may send them.
import { ApiErrorSchema, z, type ApiMediaResponse, type ApiOperationSpec } from '../api/schema.js';
import * as operationLists from './operations.js';

type Json = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: Json;
  servers: Json[];
  tags: Json[];
  paths: Record<string, Record<string, Json>>;
  components: { schemas: Record<string, Json>; securitySchemes: Record<string, Json> };
}

/** Every operation of the API, in the lists' order. */
export function apiOperations(): ApiOperationSpec[] {
  return Object.values(operationLists).flat();
}

export const ADMIN_KEY_SCHEME = 'adminKey';
const COMPONENT_PREFIX = '#/components/schemas/';

const STATUS_DESCRIPTIONS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'Done; no body',
  304: "Not modified: the client's copy (If-None-Match) is current",
  400: 'The request is not valid: `error` says why, `details` lists each problem',
  401: 'A missing, wrong, revoked or expired admin key',
  403: "The key's role does not allow this",
  404: 'Not found',
  408: 'The body took too long to arrive',
  409: 'It conflicts with the current state',
  413: 'The body is larger than the limit',
  429: 'Too many requests from this address: Retry-After says when to try again',
  503: 'Unavailable for now, or (a write) saved but not yet shown by the read tables: try again in a moment',
};

/** Turns zod schemas into schemas of the document, collecting the named ones as components. */
class ComponentCollector {
  readonly schemas: Record<string, Json> = {};

  /** The document's schema for `schema`: a `$ref` when it has an id. */
  convert(schema: z.ZodType, io: 'input' | 'output'): Json {
    const { $schema: _dialect, $defs = {}, ...root } = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' }) as Json & {
      $defs?: Record<string, Json>;
    };
    const ids = Object.keys($defs);
    const names: Record<string, string> = Object.fromEntries(ids.map((id) => [id, id]));
    // A schema whose request form differs from its answer form (a default, a transform, open
    // objects) gets a component of each: `X` and `XInput`.
    for (let round = 0; round <= ids.length; round++) {
      const defs = rewriteRefs($defs, names) as Record<string, Json>;
      const clash = ids.find((id) => this.schemas[names[id]!] !== undefined && JSON.stringify(this.schemas[names[id]!]) !== JSON.stringify(defs[id]));
      if (clash === undefined) {
        for (const id of ids) this.schemas[names[id]!] = defs[id]!;
        return rewriteRefs(root, names) as Json;
      }
      if (names[clash] !== clash) throw new Error(`Two different schemas are named ${names[clash]} in the OpenAPI document.`);
      names[clash] = `${clash}${io === 'input' ? 'Input' : 'Output'}`;
    }
    throw new Error('The schema names of the OpenAPI document did not settle.');
  }
}

function rewriteRefs(value: unknown, names: Record<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, names));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => {
      if (key === '$ref' && typeof item === 'string' && item.startsWith('#/$defs/')) {
        const id = item.slice('#/$defs/'.length);
        return [key, `${COMPONENT_PREFIX}${names[id] ?? id}`];
      }
      return [key, rewriteRefs(item, names)];
    }),
  );
}

/** `get /api/players/{id}/matches` → `getPlayersIdMatches`. */
export function operationIdOf(operation: Pick<ApiOperationSpec, 'method' | 'path'>): string {
  const words = operation.path
    .replace(/^\/api\//, '/')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return operation.method + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
}

function parameters(collector: ComponentCollector, operation: ApiOperationSpec): Json[] {
  const places: ['path' | 'query' | 'header', z.ZodObject | undefined][] = [
    ['path', operation.pathParams],
    ['query', operation.query],
    ['header', operation.headers],
  ];
  return places.flatMap(([place, object]) =>
    Object.entries(object?.shape ?? {}).map(([name, field]) => {
      const { description, ...schema } = collector.convert(field as z.ZodType, 'input');
      const required = place === 'path' || !(field as z.ZodType).safeParse(undefined).success;
      return { name, in: place, required, ...(description ? { description } : {}), schema };
    }),
  );
}

function isMediaResponse(value: unknown): value is ApiMediaResponse {
  return typeof value === 'object' && value !== null && 'mediaType' in value;
}

function responses(collector: ComponentCollector, operation: ApiOperationSpec): Record<string, Json> {
  const all: ApiOperationSpec['responses'] = { ...operation.responses };
  // Any address that holds control characters or bytes that are not UTF-8 is refused before routing.
  all[400] ??= ApiErrorSchema;
  // What the admin-key guard answers, for every operation behind it: no key, a role that does
  // not cover it, an address that spent its wrong-key budget.
  if (operation.role) all[401] ??= ApiErrorSchema;
  if (operation.role && operation.role !== 'any') all[403] ??= ApiErrorSchema;
  if (operation.role) all[429] ??= ApiErrorSchema;
  // A body is read within a limit and a time, and must parse.
  if (operation.body) for (const status of [400, 408, 413]) all[status] ??= ApiErrorSchema;
  // A write is answered once the read tables show it: 503 when they have not caught up in time (it was saved).
  if (operation.method !== 'get') all[503] ??= ApiErrorSchema;
  return Object.fromEntries(
    Object.entries(all).map(([status, answer]) => {
      const description = STATUS_DESCRIPTIONS[Number(status)] ?? `Status ${status}`;
      if (answer === null) return [status, { description }];
      if (isMediaResponse(answer)) {
        // A body without a schema is text or bytes; a JSON one without a schema may be any JSON.
        const schemaOf = (mediaType: string, schema: z.ZodType | null | undefined) =>
          schema ? collector.convert(schema, 'output') : mediaType.includes('json') ? {} : { type: 'string' };
        const content: Json = { [answer.mediaType]: { schema: schemaOf(answer.mediaType, answer.schema) } };
        for (const [mediaType, schema] of Object.entries(answer.otherMediaTypes ?? {})) content[mediaType] = { schema: schemaOf(mediaType, schema) };
        return [status, { description: answer.description, content }];
      }
      return [status, { description, content: { 'application/json': { schema: collector.convert(answer, 'output') } } }];
    }),
  );
}

function roleSentence(role: NonNullable<ApiOperationSpec['role']>): string {
  if (role === 'any') return 'Needs an admin key (`x-admin-key`) of any role.';
  if (role === 'owner') return 'Needs the owner key (`x-admin-key`: ADMIN_KEY).';
  return `Needs an admin key (\`x-admin-key\`) with the role ${role}${role === 'recorder' ? ', moderator' : ''} or owner.`;
}

function operationObject(collector: ComponentCollector, operation: ApiOperationSpec): Json {
  const description = [operation.description, operation.role ? roleSentence(operation.role) : undefined].filter(Boolean).join('\n\n');
  const params = parameters(collector, operation);
  return {
    operationId: operationIdOf(operation),
    summary: operation.summary,
    ...(description ? { description } : {}),
    tags: [operation.tag],
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(operation.body
      ? {
          requestBody: {
            required: true,
            content: Object.fromEntries(
              (operation.bodyMediaTypes ?? ['application/json']).map((mediaType) => [mediaType, { schema: collector.convert(operation.body!, 'input') }]),
            ),
          },
        }
      : {}),
    responses: responses(collector, operation),
    ...(operation.role ? { security: [{ [ADMIN_KEY_SCHEME]: [] }], 'x-required-role': operation.role } : { security: [] }),
  };
}

/** The document the server serves at /api/docs/openapi.json. */
export function buildOpenApiDocument(operations: readonly ApiOperationSpec[] = apiOperations()): OpenApiDocument {
  const collector = new ComponentCollector();
  const paths: OpenApiDocument['paths'] = {};
  for (const operation of operations) {
    const item = (paths[operation.path] ??= {});
    if (item[operation.method]) throw new Error(`Two operations are ${operation.method.toUpperCase()} ${operation.path}.`);
    item[operation.method] = operationObject(collector, operation);
  }
  const tags = [...new Set(operations.map((operation) => operation.tag))].sort().map((name) => ({ name }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Team site API',
      version: '1.0',
      description:
        'Public reads, match recording and the admin back office. Writes are events: a write answers once the read tables show it, with its ' +
        'log position in X-Event-Position. Every error answers `{ error, details? }`. Admin operations need an `x-admin-key` header; each ' +
        'names the role it needs (`x-required-role`). docs/api.md shows how to make a typed client from this document.',
    },
    servers: [{ url: '/', description: 'This server' }],
    tags,
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(collector.schemas).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
      securitySchemes: {
        [ADMIN_KEY_SCHEME]: {
          type: 'apiKey',
          in: 'header',
          name: 'x-admin-key',
          description: 'The owner key (ADMIN_KEY) or a named key of a role (editor, moderator, recorder) made on the Admin keys screen.',
        },
      },
    },
  };
}
