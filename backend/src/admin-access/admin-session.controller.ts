import { Controller, Get, Req, UseGuards } from '@nestjs/common';
import type { AdminSessionInfo } from '@team/contracts';
import { adminKeyOf, type WebRequest } from '../http/request-facts.js';
import { AdminKeyGuard } from './admin-key.guard.js';
import { RequiresRole } from './admin-role.js';

/**
 * GET /api/admin/session: who the presented key is (its name and role), or 401. The login calls
 * it, so a wrong key stays on the login; it spends the wrong-key budget like every admin route.
 */
@Controller('api/admin/session')
@UseGuards(AdminKeyGuard)
@RequiresRole('any')
export class AdminSessionController {
  @Get()
  check(@Req() request: WebRequest): AdminSessionInfo {
    // The guard has just looked the key up: its answer is all the session says.
    const { id, name, role, expiresAt } = adminKeyOf(request)!;
    return { keyId: id, name, role, expiresAt };
  }
}
