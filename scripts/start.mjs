// npm start: install what is missing, build, then run the app (embedded PostgreSQL unless DATABASE_URL).
//   --projections  the projector as its own process (needs DATABASE_URL)
//   --demo         record a few hundred demo matches into the database
//   --rebuild      rebuild every read model from the event log (progress bar)
//   --migrate      as the owner role: migrate the event log and grant the app role (least privilege)
import { spawn } from 'node:child_process';
import path from 'node:path';
import { build, ensureInstalled, root } from './lib/prepare.mjs';

const flags = { '--projections': 'projections', '--demo': 'demo', '--rebuild': 'rebuild', '--migrate': 'migrate' };
const mode = Object.entries(flags).find(([flag]) => process.argv.includes(flag))?.[1] ?? 'app';
ensureInstalled();
build({ frontend: mode === 'app' });

const entry = { app: 'main.js', projections: 'projections-main.js', demo: 'demo-main.js', rebuild: 'rebuild-main.js', migrate: 'migrate-main.js' }[mode];
const child = spawn(process.execPath, [path.join(root, 'backend/dist', entry)], { cwd: root, stdio: 'inherit' });
// Ctrl-C reaches the child from the terminal too; forward signals sent to this process alone.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
