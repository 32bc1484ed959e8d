import { Module } from '@nestjs/common';
import { WebhooksModule } from '../webhooks/webhooks.module.js';
import { OperationsStatusController } from './get-operations-status/operations-status.controller.js';
import { RebuildProjectionsController } from './rebuild-projections/rebuild-projections.controller.js';
import { RebuildService } from './rebuild-projections/rebuild.service.js';
import { SetAsideEventController } from './set-aside-event/set-aside-event.controller.js';
import { SetAsideEventHandler, UndoSetAsideEventHandler } from './set-aside-event/set-aside-event.command.js';

/** The admins' operations on the read side: the status view, rebuilds, and setting a poison event aside. */
@Module({
  imports: [WebhooksModule],
  controllers: [OperationsStatusController, RebuildProjectionsController, SetAsideEventController],
  providers: [RebuildService, SetAsideEventHandler, UndoSetAsideEventHandler],
})
export class OperationsModule {}
