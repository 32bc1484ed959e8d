import { Body, Controller, Param, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { PlayerProfile } from '@team/contracts';
import { AdminKeyGuard } from '../../admin-access/admin-key.guard.js';
import { RequiresRole } from '../../admin-access/admin-role.js';
import { AuditContextFactory } from '../../http/audit-context.js';
import type { WebRequest } from '../../http/request-facts.js';
import { idParam } from '../../shared/route-params.js';
import { Written } from '../../projector/written.js';
import { EditPlayerProfileCommand } from './edit-player-profile.command.js';

/** PUT /api/admin/players/{id}/profile { avatarUrl?, socials? } (moderators): answers the profile as it now is. */
@Controller('api/admin/players/:id/profile')
@UseGuards(AdminKeyGuard)
@RequiresRole('moderator')
export class EditPlayerProfileController {
  constructor(
    private readonly commands: CommandBus,
    private readonly audit: AuditContextFactory,
  ) {}

  @Put()
  async edit(@Param('id') rawId: string, @Body() body: unknown, @Req() request: WebRequest): Promise<Written<PlayerProfile>> {
    const playerId = idParam(rawId, 'player');
    const { profile, position } = await this.commands.execute(new EditPlayerProfileCommand(playerId, body, this.audit.contextFor(request, 'admin')));
    return new Written(position, profile);
  }
}
