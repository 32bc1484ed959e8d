import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describeAdminKey, resolveAdminKey } from '../../admin-access/admin-key.js';

/** The key the demo's own app is made with, and what its closing lines say about the site's key. */
export interface DemoAdminKey {
  key: string;
  /** The "Admin key:" line's words. */
  description: string;
}

/**
 * `npm run demo` beside a running site must not make a key of its own: that key is one the
 * site refuses. The site was started with ADMIN_KEY (the demo cannot know it) or keeps its key
 * in DATA_DIR's admin-key file, so the demo names that, and makes its own app (which serves
 * no request) with a key it neither keeps nor shows. With no site running, the demo resolves
 * the key as `npm start` would (generating it on a fresh folder), so the site it starts uses it.
 */
export function demoAdminKey(configured: string | null, dataDir: string, siteRunning: boolean): DemoAdminKey {
  if (configured || !siteRunning) {
    const resolved = resolveAdminKey(configured, dataDir);
    return { key: resolved.key, description: describeAdminKey(resolved) };
  }
  const file = path.join(dataDir, 'admin-key');
  const unkept = randomBytes(24).toString('base64url');
  if (fs.existsSync(file)) {
    return { key: unkept, description: `the running site's: kept in ${file}, unless the site was started with ADMIN_KEY (then that one)` };
  }
  // A site started without ADMIN_KEY would have written the file: this one was started with it.
  return { key: unkept, description: "the running site's ADMIN_KEY (it was started with one; this run made no other)" };
}

/** The demo's closing lines after its figures: the key, and how to start the site when it is not up. */
export function demoClosingLines(key: DemoAdminKey, siteRunning: boolean): string[] {
  return [`  Admin key: ${key.description}`, ...(siteRunning ? ['  The running site shows the demo data now.'] : ['  Start the site with `npm start`.'])];
}
