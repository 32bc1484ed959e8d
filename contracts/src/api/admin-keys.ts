// Named admin keys with roles: the wire schemas the server, the audit log and the Admin keys screen share.
import { AdminKeyRefSchema } from '../admin-keys/admin-key-ref.js';
import { ADMIN_ROLES, MAX_ADMIN_KEY_DAYS, MAX_ADMIN_KEY_NAME_LENGTH, NAMED_KEY_ROLES } from '../admin-keys/admin-roles.js';
import { errorResponses, isoTime, z, type ApiOperationSpec } from './schema.js';

export const AdminRoleSchema = z.enum(ADMIN_ROLES).meta({ id: 'AdminRole' });
export const NamedKeyRoleSchema = z.enum(NAMED_KEY_ROLES).meta({ id: 'NamedKeyRole' });

/** GET /api/admin/session: the presented key's identity (401 for a wrong key). */
export const AdminSessionInfoSchema = z
  .object({
    keyId: z.string(),
    name: z.string(),
    role: AdminRoleSchema,
    expiresAt: isoTime().nullable().meta({ description: 'null: the key does not expire.' }),
  })
  .meta({ id: 'AdminSessionInfo' });
export type AdminSessionInfo = z.infer<typeof AdminSessionInfoSchema>;

export const AdminKeyStatusSchema = z.enum(['active', 'revoked', 'expired']).meta({ id: 'AdminKeyStatus' });
export type AdminKeyStatus = z.infer<typeof AdminKeyStatusSchema>;

/** One named key as GET /api/admin/keys lists it: never the key itself, nor its hash. */
export const AdminKeySummarySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    role: NamedKeyRoleSchema,
    status: AdminKeyStatusSchema,
    createdAt: isoTime(),
    createdBy: AdminKeyRefSchema,
    expiresAt: isoTime().nullable(),
    endedAt: isoTime().nullable().meta({ description: 'When it was revoked or found expired; null while active.' }),
  })
  .meta({ id: 'AdminKeySummary' });
export type AdminKeySummary = z.infer<typeof AdminKeySummarySchema>;

/** POST /api/admin/keys body. `expiresAt`: an ISO date or time in the future, or null. */
export const CreateAdminKeyRequestSchema = z
  .object({
    name: z.string().meta({ description: `The holder's name, 1 to ${MAX_ADMIN_KEY_NAME_LENGTH} characters.` }),
    role: NamedKeyRoleSchema,
    expiresAt: z
      .string()
      .nullable()
      .optional()
      .meta({ description: `An ISO date or time in the future, at most ${MAX_ADMIN_KEY_DAYS} days away; null or absent: never.` }),
  })
  .meta({ id: 'CreateAdminKeyRequest' });
export type CreateAdminKeyRequest = z.infer<typeof CreateAdminKeyRequestSchema>;

/** POST /api/admin/keys answer: the only time the key itself is shown. */
export const CreatedAdminKeySchema = z.object({ key: z.string(), summary: AdminKeySummarySchema }).meta({ id: 'CreatedAdminKey' });
export type CreatedAdminKey = z.infer<typeof CreatedAdminKeySchema>;

/** GET /api/settings: the public settings the client adapts to. */
export const PublicSettingsSchema = z
  .object({
    publicRecording: z
      .enum(['open', 'recorders', 'review'])
      .meta({
        description:
          '`open`: anyone may record a match; `recorders`: POST /api/matches needs a recorder key or above; `review`: without a key it is a submission a moderator approves (202).',
      }),
  })
  .meta({ id: 'PublicSettings' });
export type PublicSettings = z.infer<typeof PublicSettingsSchema>;

export const ADMIN_KEY_OPERATIONS: ApiOperationSpec[] = [
  {
    method: 'get',
    path: '/api/settings',
    tag: 'settings',
    summary: 'The public settings the client adapts to',
    responses: { 200: PublicSettingsSchema },
  },
  {
    method: 'get',
    path: '/api/admin/session',
    tag: 'admin: keys',
    summary: "The presented key's name and role",
    description: 'The login calls it, so a wrong key stays on the login; it spends the wrong-key budget like every admin route.',
    role: 'any',
    responses: { 200: AdminSessionInfoSchema },
  },
  {
    method: 'get',
    path: '/api/admin/keys',
    tag: 'admin: keys',
    summary: 'The named admin keys',
    description: 'Never a key or its hash. Every role may list them: the audit log names them, and filters by them.',
    role: 'any',
    responses: { 200: z.array(AdminKeySummarySchema) },
  },
  {
    method: 'post',
    path: '/api/admin/keys',
    tag: 'admin: keys',
    summary: 'Create a named admin key',
    description: 'The answer holds the key itself: the only time it is shown.',
    role: 'owner',
    body: CreateAdminKeyRequestSchema,
    responses: { 201: CreatedAdminKeySchema, ...errorResponses(400, 409) },
  },
  {
    method: 'post',
    path: '/api/admin/keys/{id}/revoke',
    tag: 'admin: keys',
    summary: 'Revoke a named admin key',
    description: 'It stops working at once in every API process.',
    role: 'owner',
    pathParams: z.object({ id: z.string().regex(/^k[0-9a-f]{10}$/).meta({ description: 'The key id (k and 10 hex digits).' }) }),
    responses: { 200: AdminKeySummarySchema, ...errorResponses(400, 404, 409) },
  },
];
