import { Module } from '@nestjs/common';
import { OperationsController } from './rebuild-projections/operations.controller.js';
import { RebuildService } from './rebuild-projections/rebuild.service.js';
import { SetAsideEventController } from './set-aside-event/set-aside-event.controller.js';
import { SetAsideEventHandler, UndoSetAsideEventHandler } from './set-aside-event/set-aside-event.command.js';

/** The admins' operations on the read side: the status view, rebuilds, and setting a poison event aside. */
@Module({
  controllers: [OperationsController, SetAsideEventController],
  providers: [RebuildService, SetAsideEventHandler, UndoSetAsideEventHandler],
})
export class OperationsModule {}
