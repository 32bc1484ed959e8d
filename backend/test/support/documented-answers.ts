import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { buildOpenApiDocument, type OpenApiDocument } from '@team/contracts';

// Every JSON answer an integration test receives is checked against the OpenAPI document's
// schema for its operation and status (test-app.ts's call()): an undocumented status or field
// fails the test. Operations the document does not have yet are left alone here; the route test
// (api-docs/openapi-routes.int.spec.ts) is the one that fails for them.

interface DocumentedOperation {
  pattern: RegExp;
  /** Literal paths are tried before templated ones: /api/matches/recent before /api/matches/{id}. */
  templates: number;
  path: string;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

const COMPONENTS_ID = 'components';

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) =>
      key === '$ref' && typeof item === 'string' ? [key, item.replace('#/components/schemas/', `${COMPONENTS_ID}#/$defs/`)] : [key, rewriteRefs(item)],
    ),
  );
}

class DocumentedAnswers {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  private readonly operations = new Map<string, DocumentedOperation[]>();
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(document: OpenApiDocument) {
    this.ajv.addSchema({ $id: COMPONENTS_ID, $defs: rewriteRefs(document.components.schemas) as Record<string, object> });
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const source = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+');
        const list = this.operations.get(method) ?? [];
        list.push({ pattern: new RegExp(`^${source}$`), templates: (path.match(/\{/g) ?? []).length, path, responses: operation.responses as DocumentedOperation['responses'] });
        list.sort((a, b) => a.templates - b.templates);
        this.operations.set(method, list);
      }
    }
  }

  /** Throws when the document has the operation but not this status, or the body does not fit its schema. */
  check(method: string, url: string, status: number, contentType: string | null, body: unknown): void {
    const pathname = new URL(url, 'http://localhost').pathname;
    const operation = this.operations.get(method.toLowerCase())?.find((candidate) => candidate.pattern.test(pathname));
    if (!operation) return;
    const where = `${method.toUpperCase()} ${operation.path}`;
    const documented = operation.responses[String(status)];
    if (!documented) throw new Error(`${where} answered ${status}, a status the OpenAPI document does not list for it: ${JSON.stringify(body)}`);
    if (!contentType?.startsWith('application/json')) return;
    const schema = documented.content?.['application/json']?.schema;
    if (schema === undefined) throw new Error(`${where} answered ${status} with JSON, which the document does not describe for it.`);
    const key = `${where} ${status}`;
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(rewriteRefs(schema) as object);
      this.validators.set(key, validate);
    }
    if (!validate(body)) {
      const problems = this.ajv.errorsText(validate.errors, { separator: '; ' });
      throw new Error(`${where} answered ${status} with a body the OpenAPI document does not allow (${problems}): ${JSON.stringify(body).slice(0, 2000)}`);
    }
  }
}

let answers: DocumentedAnswers | undefined;

/** The one checker of this process: the document and its validators are made once. */
export function documentedAnswers(): DocumentedAnswers {
  answers ??= new DocumentedAnswers(buildOpenApiDocument());
  return answers;
}
