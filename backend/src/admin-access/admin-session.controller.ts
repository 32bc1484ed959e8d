import { Controller, Get, HttpCode, UseGuards } from '@nestjs/common';
import { AdminKeyGuard } from './admin-key.guard.js';

/** GET /api/admin/session: 204 when the presented admin key is valid, 401 otherwise. */
@Controller('api/admin/session')
@UseGuards(AdminKeyGuard)
export class AdminSessionController {
  @Get()
  @HttpCode(204)
  check(): void {}
}
