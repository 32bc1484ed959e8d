import type { CreatedAdminKey, NamedKeyRole } from '@team/contracts';
import type { TestApp } from './test-app.js';

/** Makes a named key with the owner key (POST /api/admin/keys) and answers it, with its summary. */
export async function createAdminKey(
  app: Pick<TestApp, 'call'>,
  name: string,
  role: NamedKeyRole,
  expiresAt: string | null = null,
): Promise<CreatedAdminKey> {
  const answer = await app.call('POST', '/api/admin/keys', { admin: true, json: { name, role, expiresAt } });
  if (answer.status !== 201) throw new Error(`creating the ${role} key "${name}" answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body as CreatedAdminKey;
}

/** Headers that present `key` as the admin key. */
export const withKey = (key: string): Record<string, string> => ({ 'x-admin-key': key });
