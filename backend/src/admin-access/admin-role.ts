import { SetMetadata } from '@nestjs/common';
import type { AdminRole } from '@team/contracts';

/** What a route needs: a role (the owner covers all of them), or `any` valid key. */
export type RoleNeeded = AdminRole | 'any';

export const ROLE_NEEDED = Symbol('roleNeeded');

/**
 * The role an admin route needs, on its controller or handler (the handler's wins). AdminKeyGuard
 * reads it; a route without one needs the owner, so a forgotten mark fails closed.
 */
export const RequiresRole = (role: RoleNeeded) => SetMetadata(ROLE_NEEDED, role);
