import { Controller, Get, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import type { AdminSessionInfo } from '@team/contracts';
import { adminKeyOf } from '../http/audit-context.js';
import { AdminKeyGuard } from './admin-key.guard.js';
import { AdminKeyDirectory } from './admin-keys/admin-key-directory.js';
import { RequiresRole } from './admin-role.js';

/**
 * GET /api/admin/session: who the presented key is (its name and role), or 401. The login calls
 * it, so a wrong key stays on the login; it spends the wrong-key budget like every admin route.
 */
@Controller('api/admin/session')
@UseGuards(AdminKeyGuard)
@RequiresRole('any')
export class AdminSessionController {
  constructor(private readonly directory: AdminKeyDirectory) {}

  @Get()
  async check(@Req() request: Request): Promise<AdminSessionInfo> {
    const key = adminKeyOf(request)!;
    if (key.role === 'owner') return { keyId: key.id, name: key.name, role: key.role, expiresAt: null };
    const named = (await this.directory.list()).find((summary) => summary.id === key.id);
    return { keyId: key.id, name: key.name, role: key.role, expiresAt: named?.expiresAt ?? null };
  }
}
