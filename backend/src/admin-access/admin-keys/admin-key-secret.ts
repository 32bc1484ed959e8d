import { createHash, randomBytes } from 'node:crypto';

/** What is kept of a key: its SHA-256. The key holds 192 random bits, so no slow hash is needed. */
export function hashAdminKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** A new key: `vk_` and 192 random bits (32 base64url characters). */
export function generateAdminKey(): string {
  return `vk_${randomBytes(24).toString('base64url')}`;
}
