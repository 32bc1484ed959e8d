import { apiOperations } from '@team/contracts';
import { startTestApp, type TestApp } from '../../test/support/test-app.js';

// Every route the server registers has exactly one operation in the OpenAPI document, and every
// operation of the document is a route: a new endpoint fails here until its area's
// *_OPERATIONS list (contracts/src/openapi/operations.ts) describes it.

/** `/api/players/:id/matches` and `/api/players/{id}/matches` → `GET /api/players/{}/matches`. */
const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/:[A-Za-z0-9_]+/g, '{}').replace(/\{[^}]+\}/g, '{}')}`;

/** The Swagger UI's own routes: the document's page, not part of the API it documents. */
const DOCS_PREFIX = '/api/docs';

interface RouteLayer {
  route?: { path: unknown; methods: Record<string, boolean> };
}

describe('the OpenAPI document and the routes', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  test('every registered route has exactly one operation, and every operation is a registered route', () => {
    // The routes as the HTTP server will match them (Nest registers each handler on the router).
    const stack: RouteLayer[] = app.running.app.getHttpAdapter().getInstance().router.stack;
    const routes = stack.flatMap((layer) =>
      layer.route && typeof layer.route.path === 'string' && !layer.route.path.startsWith(DOCS_PREFIX)
        ? Object.keys(layer.route.methods).filter((method) => layer.route!.methods[method]).map((method) => routeKey(method, layer.route!.path as string))
        : [],
    );
    const documented = apiOperations().map((operation) => routeKey(operation.method, operation.path));

    expect(routes.length).toBeGreaterThan(50);
    const duplicates = (keys: string[]) => keys.filter((key, i) => keys.indexOf(key) !== i);
    expect({ routesTwice: duplicates(routes), operationsTwice: duplicates(documented) }).toEqual({ routesTwice: [], operationsTwice: [] });
    expect({
      undocumentedRoutes: routes.filter((key) => !documented.includes(key)).sort(),
      operationsWithoutRoute: documented.filter((key) => !routes.includes(key)).sort(),
    }).toEqual({ undocumentedRoutes: [], operationsWithoutRoute: [] });
  });

  test('the server serves the document, and the Swagger UI shows it', async () => {
    const served = await app.call('GET', '/api/docs/openapi.json');
    expect(served.status).toBe(200);
    expect(served.body.openapi).toBe('3.1.0');
    expect(Object.keys(served.body.paths)).toContain('/api/matches');
    const ui = await fetch(`${app.baseUrl}/api/docs`);
    expect(ui.status).toBe(200);
    expect(await ui.text()).toContain('swagger-ui');
  });
});
