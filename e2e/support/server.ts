import path from 'node:path';
import { startTestApp, TEST_ADMIN_KEY, type TestApp } from '../../backend/src/testing/test-app.js';

export { TEST_ADMIN_KEY, type TestApp };

/**
 * The real server with the built front end (npm test builds it first) on a fresh database. It
 * logs its errors (a failed projection, an unexpected exception) to the test output, so a
 * browser test that times out waiting for a screen says what the server saw.
 */
export function startSiteServer(env: Record<string, string> = {}): Promise<TestApp> {
  return startTestApp({ STATIC_DIR: path.resolve(process.cwd(), 'frontend/dist'), LOG_LEVEL: 'error', ...env });
}
