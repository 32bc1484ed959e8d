import { roleCovers, type AdminRole } from '@team/contracts';
import { createAdminKey, withKey } from '../../test/support/admin-keys.js';
import { startTestApp, TEST_ADMIN_KEY, type TestApp } from '../../test/support/test-app.js';
import type { RoleNeeded } from './admin-role.js';

// Issue 23: each role against each admin route, allowed and refused. An allowed request gets past
// the guard (any answer but 401 and 403: most are 400 or 404, their bodies being empty or ids
// unknown); a refused one gets 403 naming the role it needs, and appends nothing.

interface Route {
  method: string;
  path: string;
  needs: RoleNeeded;
  json?: unknown;
  headers?: Record<string, string>;
  body?: string;
}

const UNKNOWN = 999_999;
const ROUTES: Route[] = [
  { method: 'GET', path: '/api/admin/session', needs: 'any' },
  { method: 'GET', path: '/api/admin/events', needs: 'any' },
  { method: 'GET', path: '/api/admin/keys', needs: 'any' },
  { method: 'POST', path: '/api/admin/keys', needs: 'owner', json: {} },
  { method: 'POST', path: '/api/admin/keys/k0000000000/revoke', needs: 'owner' },
  { method: 'POST', path: '/api/content', needs: 'editor', json: {} },
  { method: 'PUT', path: `/api/content/${UNKNOWN}`, needs: 'editor', json: {} },
  { method: 'DELETE', path: `/api/content/${UNKNOWN}`, needs: 'editor' },
  { method: 'POST', path: '/api/content/home/reorder', needs: 'editor', json: {} },
  { method: 'GET', path: `/api/admin/content/${UNKNOWN}/versions`, needs: 'editor' },
  { method: 'POST', path: `/api/admin/content/${UNKNOWN}/restore`, needs: 'editor', json: {} },
  { method: 'POST', path: '/api/pages', needs: 'editor', json: {} },
  { method: 'DELETE', path: `/api/pages/${UNKNOWN}`, needs: 'editor' },
  { method: 'GET', path: `/api/admin/pages/${UNKNOWN}/versions`, needs: 'editor' },
  { method: 'POST', path: `/api/admin/pages/${UNKNOWN}/restore`, needs: 'editor', json: {} },
  { method: 'POST', path: '/api/blocks', needs: 'editor', json: {} },
  { method: 'PUT', path: `/api/blocks/${UNKNOWN}`, needs: 'editor', json: {} },
  { method: 'DELETE', path: `/api/blocks/${UNKNOWN}`, needs: 'editor' },
  { method: 'GET', path: '/api/players/duplicates', needs: 'moderator' },
  { method: 'POST', path: '/api/players/merge', needs: 'moderator', json: {} },
  { method: 'POST', path: '/api/admin/merges/revert', needs: 'moderator', json: {} },
  { method: 'POST', path: `/api/admin/players/${UNKNOWN}/rename`, needs: 'moderator', json: {} },
  { method: 'POST', path: `/api/admin/matches/${UNKNOWN}/void`, needs: 'moderator', json: {} },
  { method: 'POST', path: '/api/admin/seasons', needs: 'moderator', json: {} },
  { method: 'PUT', path: `/api/admin/seasons/${UNKNOWN}`, needs: 'moderator', json: {} },
  {
    method: 'POST',
    path: '/api/admin/import?dryRun=true',
    needs: 'moderator',
    headers: { 'content-type': 'text/csv', 'x-file-name': 'roles.csv' },
    body: 'not,a,match\n',
  },
  { method: 'GET', path: '/api/admin/operations', needs: 'owner' },
  { method: 'POST', path: '/api/admin/projections/set-aside', needs: 'owner', json: {} },
  { method: 'POST', path: `/api/admin/projections/set-aside/${UNKNOWN}/undo`, needs: 'owner' },
  { method: 'GET', path: '/api/admin/export/events.ndjson', needs: 'owner' },
  // Last: allowed, it starts a rebuild (of an empty site, over in a moment).
  { method: 'POST', path: '/api/admin/projections/rebuild', needs: 'owner' },
];

const ROLES: AdminRole[] = ['owner', 'editor', 'moderator', 'recorder'];

async function send(app: TestApp, route: Route, key: string | null): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { ...(route.headers ?? {}), ...(key ? withKey(key) : {}) };
  let body = route.body;
  if (route.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(route.json);
  }
  const response = await fetch(app.baseUrl + route.path, { method: route.method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* NDJSON or empty */
  }
  return { status: response.status, body: parsed };
}

describe('admin roles against every admin route', () => {
  let app: TestApp;
  const keys = new Map<AdminRole, { key: string; name: string }>();

  beforeAll(async () => {
    app = await startTestApp({ ADMIN_FAILURES_PER_15_MIN: '1000' });
    keys.set('owner', { key: TEST_ADMIN_KEY, name: 'Owner' });
    for (const role of ['editor', 'moderator', 'recorder'] as const) {
      const name = `The ${role}`;
      keys.set(role, { key: (await createAdminKey(app, name, role)).key, name });
    }
  });
  afterAll(() => app?.close());

  test.each(ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))('%s', async (_, route) => {
    for (const role of ROLES) {
      const { key, name } = keys.get(role)!;
      const allowed = route.needs === 'any' || roleCovers(role, route.needs);
      const before = await app.eventCount();
      const answer = await send(app, route, key);
      if (allowed) {
        const refused = answer.status === 401 || answer.status === 403;
        expect({ role, refused, answer }).toMatchObject({ role, refused: false });
      } else {
        expect({ role, status: answer.status, body: answer.body }).toEqual({
          role,
          status: 403,
          body: { error: `This needs the ${route.needs} role. The key "${name}" has the ${role} role.` },
        });
        expect(await app.eventCount()).toBe(before);
      }
    }
    expect((await send(app, route, null)).status).toBe(401);
  });
});
