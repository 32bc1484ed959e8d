import path from 'node:path';
import { startTestApp, TEST_ADMIN_KEY, type TestApp } from '../../backend/src/testing/test-app.js';

export { TEST_ADMIN_KEY, type TestApp };

/** The real server with the built front end (npm test builds it first) on a fresh database. */
export function startSiteServer(env: Record<string, string> = {}): Promise<TestApp> {
  return startTestApp({ STATIC_DIR: path.resolve(process.cwd(), 'frontend/dist'), ...env });
}
