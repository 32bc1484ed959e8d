import type { AdminRole, AdminSessionInfo } from '@team/contracts';

/** GET /api/admin/session's answer for a key of `role` ("Owner" for the owner key, "Alice" otherwise). */
export function adminSession(role: AdminRole = 'owner', name = role === 'owner' ? 'Owner' : 'Alice'): AdminSessionInfo {
  return { keyId: role === 'owner' ? 'owner' : 'k0123456789', name, role, expiresAt: null };
}
