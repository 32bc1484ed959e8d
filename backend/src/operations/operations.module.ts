import { Module } from '@nestjs/common';
import { WebhooksModule } from '../webhooks/webhooks.module.js';
import { OperationsController } from './rebuild-projections/operations.controller.js';
import { RebuildService } from './rebuild-projections/rebuild.service.js';
import { SetAsideEventController } from './set-aside-event/set-aside-event.controller.js';
import { SetAsideEventHandler, UndoSetAsideEventHandler } from './set-aside-event/set-aside-event.command.js';

/** The admins' operations on the read side: the status view, rebuilds, and setting a poison event aside. */
@Module({
  imports: [WebhooksModule],
  controllers: [OperationsController, SetAsideEventController],
  providers: [RebuildService, SetAsideEventHandler, UndoSetAsideEventHandler],
})
export class OperationsModule {}
