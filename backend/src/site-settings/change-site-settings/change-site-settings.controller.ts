import { Body, Controller, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { SiteSettings } from '@team/contracts';
import { AdminKeyGuard } from '../../admin-access/admin-key.guard.js';
import { RequiresRole } from '../../admin-access/admin-role.js';
import { AuditContextFactory } from '../../http/audit-context.js';
import type { WebRequest } from '../../http/request-facts.js';
import { Written } from '../../projector/written.js';
import { ChangeSiteSettingsCommand } from './change-site-settings.command.js';

/** PUT /api/admin/site: the owner and editors change the fields they send; answers every setting. */
@Controller('api/admin/site')
export class ChangeSiteSettingsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly audit: AuditContextFactory,
  ) {}

  @Put()
  @UseGuards(AdminKeyGuard)
  @RequiresRole('editor')
  async change(@Body() body: unknown, @Req() request: WebRequest): Promise<Written<SiteSettings>> {
    const { settings, position } = await this.commands.execute(new ChangeSiteSettingsCommand(body, this.audit.contextFor(request, 'admin')));
    return new Written(position, settings);
  }
}
