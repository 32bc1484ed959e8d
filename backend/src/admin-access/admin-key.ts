import fs from 'node:fs';
import path from 'node:path';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export interface ResolvedAdminKey {
  key: string;
  /** True when this start generated it (the launcher prints it once). */
  generated: boolean;
  file: string | null;
}

/** The key file in DATA_DIR cannot be read or written: its message is the one line shown at start-up. */
export class AdminKeyFileError extends Error {
  constructor(action: 'read' | 'write', file: string, cause: unknown) {
    const code = (cause as NodeJS.ErrnoException).code ?? String(cause);
    super(action === 'read' ? `Cannot read the admin key from DATA_DIR (${file}): ${code}` : `Cannot write the admin key to DATA_DIR (${file}): ${code}`, { cause });
    this.name = 'AdminKeyFileError';
  }
}

/** ADMIN_KEY when set; otherwise the key kept in the data folder, generated (192 bits) on first start. */
export function resolveAdminKey(configured: string | null, dataDir: string): ResolvedAdminKey {
  if (configured) return { key: configured, generated: false, file: null };
  const file = path.join(dataDir, 'admin-key');
  if (fs.existsSync(file)) {
    try {
      return { key: fs.readFileSync(file, 'utf8').trim(), generated: false, file };
    } catch (error) {
      throw new AdminKeyFileError('read', file, error);
    }
  }
  const key = randomBytes(24).toString('base64url');
  try {
    // mkdir reports EEXIST when DATA_DIR is a file; writing the key then names the real problem.
    if (!fs.existsSync(dataDir)) fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, `${key}\n`, { mode: 0o600 });
  } catch (error) {
    throw new AdminKeyFileError('write', file, error);
  }
  return { key, generated: true, file };
}

/**
 * The start-up banner's word on the key (docs/product.md#errors-and-the-api): a generated key is printed on the start
 * that generates it, and only then; later starts say where it is kept, so the key does not
 * land in every log that keeps the console.
 */
export function describeAdminKey({ key, generated, file }: ResolvedAdminKey): string {
  if (file === null) return 'from ADMIN_KEY';
  return generated ? `${key}  (generated now, kept in ${file}; shown on this first start only)` : `kept in ${file}`;
}

/**
 * Compares a presented key with the real one in constant time. Both sides are HMACed first:
 * timingSafeEqual needs equal lengths (and throws otherwise), and comparing the raw strings
 * would leak the key's length.
 */
export class AdminKeyVerifier {
  private readonly pepper = randomBytes(32);
  private readonly expected: Buffer;

  constructor(key: string) {
    this.expected = this.digest(key);
  }

  matches(presented: string | undefined | null): boolean {
    if (!presented) return false;
    return timingSafeEqual(this.digest(presented), this.expected);
  }

  private digest(value: string): Buffer {
    return createHmac('sha256', this.pepper).update(value, 'utf8').digest();
  }
}
