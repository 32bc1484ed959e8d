// What `npm start` and `npm test` do first on any clone: install what is missing, then build.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed with exit code ${result.status ?? result.signal}`);
  }
}

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** npm install when node_modules is missing or older than the manifests. */
export function ensureInstalled() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const manifests = ['package.json', 'package-lock.json', 'contracts/package.json', 'projections/package.json', 'backend/package.json', 'frontend/package.json'];
  const installedAt = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0;
  const changedAt = Math.max(...manifests.map((m) => newestMtime(path.join(root, m))));
  if (installedAt >= changedAt) return;
  console.log('> installing dependencies (npm install)…');
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error']);
}

/** Compiles the back end (tsc -b, incremental) and the front end when its sources changed. */
export function build({ frontend = true } = {}) {
  console.log('> compiling the back end (tsc -b)…');
  run('npx', ['tsc', '-b']);
  if (!frontend) return;
  const builtAt = newestMtime(path.join(root, 'frontend/dist/index.html'));
  const sourcesAt = Math.max(
    newestMtime(path.join(root, 'frontend/src')),
    newestMtime(path.join(root, 'frontend/index.html')),
    newestMtime(path.join(root, 'frontend/vite.config.ts')),
    newestMtime(path.join(root, 'contracts/src')),
  );
  if (builtAt > sourcesAt) return;
  console.log('> building the front end (vite build)…');
  run('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: path.join(root, 'frontend') });
}
