import { adminKeyNameProblem, isNamedKeyRole, MAX_ADMIN_KEY_DAYS, NAMED_KEY_ROLES, type NamedKeyRole } from '@team/contracts';
import { InvalidInputError } from '../../../shared/domain-errors.js';

export interface CreateKeyInput {
  name: string;
  role: NamedKeyRole;
  expiresAt: string | null;
}

/** Checks POST /api/admin/keys's body: 400 with every problem at once. */
export function parseCreateKey(body: unknown, now: Date): CreateKeyInput {
  const fields = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const problems: string[] = [];
  const nameProblem = adminKeyNameProblem(fields.name);
  if (nameProblem) problems.push(nameProblem);
  const role = fields.role;
  if (!isNamedKeyRole(role)) {
    problems.push(`role: must be one of ${NAMED_KEY_ROLES.join(', ')} (there is one owner key: ADMIN_KEY).`);
  }
  let expiresAt: string | null = null;
  if (fields.expiresAt !== undefined && fields.expiresAt !== null && fields.expiresAt !== '') {
    const raw = fields.expiresAt;
    const time = typeof raw === 'string' && raw.length <= 40 ? Date.parse(raw) : NaN;
    const latest = now.getTime() + MAX_ADMIN_KEY_DAYS * 86_400_000;
    if (!Number.isFinite(time)) problems.push('expiresAt: must be a date or date and time (ISO 8601), or null for no expiry.');
    else if (time <= now.getTime()) problems.push('expiresAt: must be in the future.');
    else if (time > latest) problems.push(`expiresAt: at most ${MAX_ADMIN_KEY_DAYS} days from now.`);
    else expiresAt = new Date(time).toISOString();
  }
  if (problems.length > 0) throw new InvalidInputError('The admin key is not valid.', problems);
  return { name: (fields.name as string).trim(), role: role as NamedKeyRole, expiresAt };
}
