import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoAdminKey, demoClosingLines } from './demo-admin-key.js';

// `npm run demo` beside a running site: it names the key the site uses, makes none of its own,
// and says nothing about starting a site that is up.

describe('the demo’s word on the admin key', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-key-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  test('beside a site started with ADMIN_KEY (no key file), it names that key and writes no file', () => {
    const key = demoAdminKey(null, dataDir, true);
    expect(key.description).toBe("the running site's ADMIN_KEY (it was started with one; this run made no other)");
    expect(fs.existsSync(path.join(dataDir, 'admin-key'))).toBe(false);
    expect(demoClosingLines(key, true)).toEqual([
      "  Admin key: the running site's ADMIN_KEY (it was started with one; this run made no other)",
      '  The running site shows the demo data now.',
    ]);
  });

  test('beside a site that keeps its key in DATA_DIR, it says where, and never prints the key', () => {
    const file = path.join(dataDir, 'admin-key');
    fs.writeFileSync(file, 'the-site-key\n');
    const key = demoAdminKey(null, dataDir, true);
    expect(key.description).toBe(`the running site's: kept in ${file}, unless the site was started with ADMIN_KEY (then that one)`);
    expect(demoClosingLines(key, true).join('\n')).not.toContain('the-site-key');
    expect(demoClosingLines(key, true).join('\n')).not.toContain('npm start');
  });

  test('with no site running, a fresh folder gets its key generated and shown once, and the start hint', () => {
    const key = demoAdminKey(null, dataDir, false);
    const kept = fs.readFileSync(path.join(dataDir, 'admin-key'), 'utf8').trim();
    expect(key.key).toBe(kept);
    expect(demoClosingLines(key, false)).toEqual([expect.stringContaining(`${kept}  (generated now`), '  Start the site with `npm start`.']);
  });

  test('with ADMIN_KEY given to the demo, it says so, running site or not', () => {
    expect(demoAdminKey('given', dataDir, true)).toEqual({ key: 'given', description: 'from ADMIN_KEY' });
  });
});
