import path from 'node:path';
import { startTestApp, TEST_ADMIN_KEY, type TestApp } from '../../backend/test/support/test-app.js';

export { TEST_ADMIN_KEY, type TestApp };

/**
 * The real server with the built front end (npm test builds it first) on a fresh database. It
 * logs its errors (a failed projection, an unexpected exception) to the test output, so a
 * browser test that times out waiting for a screen says what the server saw.
 */
export function startSiteServer(env: Record<string, string> = {}): Promise<TestApp> {
  // E2E_STATIC_DIR: a build of one's own (`npx vite build --outDir …` in frontend/), so a browser
  // test run is not disturbed by another build of frontend/dist on the same checkout.
  const staticDir = process.env.E2E_STATIC_DIR || path.resolve(process.cwd(), 'frontend/dist');
  return startTestApp({ STATIC_DIR: staticDir, LOG_LEVEL: 'error', ...env });
}
