// `npm run import -- FILE [--dry-run]`: imports historical matches into a running site through
// its API (POST /api/admin/import), printing a progress line. The site is SITE_URL (default
// http://localhost:$PORT, PORT 3000); the admin key is ADMIN_KEY, else the data folder's key
// file (DATA_DIR, default ./data), as `npm start` keeps it.
import fs from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const dryRun = args.includes('--dry-run');
const file = args.find((a) => !a.startsWith('--'));
if (!file) {
  console.error('Usage: npm run import -- FILE [--dry-run]');
  process.exit(2);
}
const site = process.env.SITE_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
const keyFile = path.join(path.resolve(process.env.DATA_DIR ?? 'data'), 'admin-key');
const adminKey = process.env.ADMIN_KEY ?? (fs.existsSync(keyFile) ? fs.readFileSync(keyFile, 'utf8').trim() : null);
if (!adminKey) {
  console.error(`No admin key: set ADMIN_KEY, or run from the folder whose ${keyFile} holds it.`);
  process.exit(2);
}

/** Ends with one clear line: an expected failure needs no stack trace. */
function fail(message) {
  console.error(message);
  process.exit(1);
}

const name = path.basename(file);
let body;
try {
  body = fs.readFileSync(file);
} catch (error) {
  fail(`Cannot read ${file}: ${error.code === 'ENOENT' ? 'no such file.' : error.message}`);
}
let response;
try {
  response = await fetch(`${site}/api/admin/import${dryRun ? '?dryRun=true' : ''}`, {
    method: 'POST',
    headers: {
      'x-admin-key': adminKey,
      'x-file-name': encodeURIComponent(name),
      'content-type': /\.(nd)?json$/i.test(name) ? 'application/json' : 'text/csv',
    },
    body,
    duplex: 'half',
  });
} catch (error) {
  fail(`Cannot reach ${site}: ${error.cause?.code ?? error.cause?.message ?? error.message}. Is the site running (SITE_URL)?`);
}

if (!response.ok) {
  const text = await response.text();
  try {
    const { error, details = [] } = JSON.parse(text);
    console.error(`${response.status}: ${error}`);
    for (const line of details) console.error(`  ${line}`);
  } catch {
    console.error(`${response.status}: ${text}`);
  }
  process.exit(1);
}

if (dryRun) {
  const report = await response.json();
  console.log(`${report.file}: ${report.matches} matches in ${report.rows} ${report.format === 'csv' ? 'rows' : 'items'}, ${report.alreadyImported} already imported.`);
  for (const p of report.problems) console.log(`  ${report.locator} ${p.line}${p.field ? `, ${p.field}` : ''}: ${p.message}`);
  if (report.moreProblems > 0) console.log(`  … and ${report.moreProblems} more.`);
  console.log(report.ok ? 'No problems: the file can be imported.' : 'Fix these problems, then import.');
  process.exit(report.ok ? 0 : 1);
}

const tty = process.stdout.isTTY;
let buffered = '';
let last = null;
const decoder = new TextDecoder();
const INTERRUPTED = 'Import interrupted: run it again to resume.';
try {
  for await (const chunk of response.body) {
    buffered += decoder.decode(chunk, { stream: true });
    const lines = buffered.split('\n');
    buffered = lines.pop();
    for (const line of lines.filter((l) => l.trim())) {
      last = JSON.parse(line);
      const percent = last.total ? Math.floor((last.done / last.total) * 100) : 100;
      const text = `Importing ${name}: ${last.done}/${last.total} (${percent}%), ${last.recorded} recorded, ${last.skipped} skipped`;
      if (tty) process.stdout.write(`\r${text}`);
      else if (last.type !== 'progress') console.log(text);
    }
  }
} catch (error) {
  if (tty) process.stdout.write('\n');
  fail(`The connection broke (${error.cause?.code ?? error.message}). ${INTERRUPTED}`);
}
if (tty) process.stdout.write('\n');
if (last?.type === 'done') console.log(`Done in ${(last.ms / 1000).toFixed(1)} s; the log is at position ${last.position}.`);
else if (last?.type === 'failed') {
  fail(`Stopped at ${last.line ? `line ${last.line} (match ${last.matchKey})` : 'an error'}: ${last.error}\nWhat was recorded stands; run the import again to resume.`);
} else fail(`The answer ended before the import did. ${INTERRUPTED}`);
