import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import zlib from 'node:zlib';

// The backup file: gzip'd NDJSON, readable with `zcat` and any JSON tool.
//
//   line 1           the header (BackupHeader): format, version, creation time, the log's head
//                    position in the snapshot, and the sections with their row counts
//   per section      a marker `{"section":"public.events","rows":N}`, then N lines, one row
//                    each, as PostgreSQL's row_to_json writes it (times with their offset, bytea
//                    as \x hex, bigints as plain numbers)
//   last line        the trailer `{"sha256":"…"}`: SHA-256 of every byte before it (uncompressed)
//
// A reader knows where each section ends from the header's counts, so no row is ever taken for a
// marker. gzip's own CRC catches most damage to the compressed bytes; the trailer catches the
// rest, and a file cut short has no trailer.

export const BACKUP_FORMAT = 'team-site-backup';
export const BACKUP_FORMAT_VERSION = 1;

/** The section that holds the sequences (every sequence of the public schema), after the tables. */
export const SEQUENCES_SECTION = 'sequences';

export interface BackupSection {
  /** A table (`public.events`) or SEQUENCES_SECTION. */
  name: string;
  rows: number;
  /** The table's columns as they were backed up (a restore checks that the target has them all). */
  columns: string[];
}

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  /** When the snapshot was taken (ISO-8601). */
  createdAt: string;
  /** The log's last position in the snapshot (0: an empty log): the file holds every event up to it and none after. */
  head: number;
  /** Events in the file. */
  events: number;
  /** In file order. */
  sections: BackupSection[];
  /** The server the backup was taken from (`SHOW server_version`), for the reader's information. */
  postgres: string;
}

/** A backup that cannot be used, or a target it must not go into: the message is the one line to show. */
export class BackupRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupRefusedError';
  }
}

/** Backup files as the command and the schedule name them; the time first, so names sort by age. */
export const BACKUP_FILE_PATTERN = /^backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-pos\d+\.ndjson\.gz$/;

/** `backup-2026-11-27T03-18-00.123Z-pos1234.ndjson.gz`: no colons, which some file systems refuse. */
export function backupFileName(createdAt: Date, head: number): string {
  return `backup-${createdAt.toISOString().replace(/:/g, '-')}-pos${head}.ndjson.gz`;
}

/**
 * Writes a backup file: gzip'd lines, hashed as they go, to `FILE.partial` first, synced and
 * renamed only once complete, so a backup that fails or is stopped never leaves a file under the
 * backup's name.
 */
export class BackupFileWriter {
  private readonly hash = createHash('sha256');
  private readonly gzip = zlib.createGzip();
  private readonly output: fs.WriteStream;
  private readonly partial: string;

  constructor(readonly file: string) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    this.partial = `${file}.partial`;
    this.output = fs.createWriteStream(this.partial, { mode: 0o600 });
    this.gzip.pipe(this.output);
  }

  /** Writes lines (each without its newline), waiting while gzip's buffer is full. */
  async write(lines: readonly string[]): Promise<void> {
    if (lines.length === 0) return;
    const text = `${lines.join('\n')}\n`;
    this.hash.update(text, 'utf8');
    if (!this.gzip.write(text, 'utf8')) await once(this.gzip, 'drain');
  }

  /** Writes the trailer, syncs the file to disk and gives it its name; returns its size in bytes. */
  async finish(): Promise<number> {
    this.gzip.end(`${JSON.stringify({ sha256: this.hash.digest('hex') })}\n`);
    await finished(this.output);
    const handle = await fs.promises.open(this.partial, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(this.partial, this.file);
    return (await fs.promises.stat(this.file)).size;
  }

  /** Drops the half-written file. */
  async discard(): Promise<void> {
    this.gzip.destroy();
    this.output.destroy();
    await fs.promises.rm(this.partial, { force: true });
  }
}

/** The refusal of a file whose contents are not what its header and checksum say. */
export function damagedBackup(file: string, why: string): BackupRefusedError {
  return new BackupRefusedError(`${path.basename(file)} is damaged (${why}): nothing was restored.`);
}

/** What reading a backup file yields, in file order; the generator throws BackupRefusedError at the first fault. */
export type BackupItem = { kind: 'header'; header: BackupHeader } | { kind: 'row'; section: BackupSection; row: string };

/**
 * Reads a backup file line by line, checking its shape against the header as it goes and its
 * SHA-256 at the end: the last item is only followed by a normal return when the whole file is
 * intact. A caller that acts on the rows before then must be able to undo it (a transaction).
 */
export async function* readBackupFile(file: string): AsyncGenerator<BackupItem> {
  const name = path.basename(file);
  const damaged = (why: string) => damagedBackup(file, why);
  const lines = backupLines(file, damaged);
  const hash = createHash('sha256');
  const next = async (): Promise<string | null> => {
    const { value, done } = await lines.next();
    if (done) return null;
    hash.update(value);
    return value.toString('utf8', 0, value.length - 1);
  };

  const first = await next();
  const header = parseHeader(first, name);
  yield { kind: 'header', header };
  for (const section of header.sections) {
    const marker = await next();
    if (marker !== JSON.stringify({ section: section.name, rows: section.rows })) throw damaged(`the section ${section.name} does not start where the header says`);
    for (let i = 0; i < section.rows; i++) {
      const row = await next();
      if (row === null || !row.startsWith('{')) throw damaged(`the section ${section.name} ends after ${i} of its ${section.rows} rows`);
      yield { kind: 'row', section, row };
    }
  }
  const expected = hash.digest('hex');
  const { value: trailerLine, done } = await lines.next();
  if (done) throw damaged('it ends before its checksum: the file is incomplete');
  let trailer: { sha256?: unknown } | null = null;
  try {
    trailer = JSON.parse(trailerLine.toString('utf8'));
  } catch {
    /* refused below */
  }
  if (typeof trailer?.sha256 !== 'string') throw damaged('more rows than its header says, or no checksum line');
  if (trailer.sha256 !== expected) throw damaged('its SHA-256 checksum does not match its contents');
  if (!(await lines.next()).done) throw damaged('lines after its checksum');
}

function parseHeader(line: string | null, name: string): BackupHeader {
  let header: Partial<BackupHeader> | null = null;
  try {
    header = line === null ? null : JSON.parse(line);
  } catch {
    /* refused below */
  }
  if (header?.format !== BACKUP_FORMAT) throw new BackupRefusedError(`${name} is not a backup of this site (no ${BACKUP_FORMAT} header): nothing was restored.`);
  if (header.version !== BACKUP_FORMAT_VERSION) {
    throw new BackupRefusedError(`${name} is a backup of format version ${String(header.version)}; this version reads version ${BACKUP_FORMAT_VERSION}: nothing was restored.`);
  }
  const wellFormed =
    Number.isSafeInteger(header.head) &&
    Number.isSafeInteger(header.events) &&
    typeof header.createdAt === 'string' &&
    Array.isArray(header.sections) &&
    header.sections.every((s) => typeof s?.name === 'string' && Number.isSafeInteger(s.rows) && s.rows >= 0 && Array.isArray(s.columns));
  if (!wellFormed) throw new BackupRefusedError(`${name} has a malformed header: nothing was restored.`);
  return header as BackupHeader;
}

/** The file's decompressed lines, each with its newline (the bytes the checksum covers). */
async function* backupLines(file: string, damaged: (why: string) => Error): AsyncGenerator<Buffer> {
  let input: fs.ReadStream;
  try {
    input = fs.createReadStream(file);
    await once(input, 'open');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new BackupRefusedError(`Cannot read ${file}: ${code === 'ENOENT' ? 'no such file' : (code ?? (error as Error).message)}.`);
  }
  const gunzip = zlib.createGunzip();
  input.pipe(gunzip);
  input.on('error', (error) => gunzip.destroy(error));
  let rest = Buffer.alloc(0);
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      let buffer = rest.length > 0 ? Buffer.concat([rest, chunk]) : chunk;
      let start = 0;
      for (let end = buffer.indexOf(0x0a); end !== -1; end = buffer.indexOf(0x0a, start)) {
        yield buffer.subarray(start, end + 1);
        start = end + 1;
      }
      buffer = buffer.subarray(start);
      rest = Buffer.from(buffer);
    }
  } catch (error) {
    if (error instanceof BackupRefusedError) throw error;
    throw damaged(`not a complete gzip file: ${(error as Error).message}`);
  } finally {
    input.destroy();
    gunzip.destroy();
  }
  if (rest.length > 0) throw damaged('its last line is cut short');
}
