import type { NamedKeyRole } from './admin-roles.js';

// The events of the `admin-keys` stream. The key itself is never stored: only its SHA-256.
export interface AdminKeyCreated {
  type: 'AdminKeyCreated';
  data: { keyId: string; name: string; role: NamedKeyRole; keyHash: string; expiresAt: string | null };
}
export interface AdminKeyRevoked {
  type: 'AdminKeyRevoked';
  data: { keyId: string; name: string };
}
export interface AdminKeyExpired {
  type: 'AdminKeyExpired';
  data: { keyId: string; name: string; expiresAt: string };
}
export type AdminKeyEvent = AdminKeyCreated | AdminKeyRevoked | AdminKeyExpired;

