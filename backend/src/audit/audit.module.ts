import { Module } from '@nestjs/common';
import { ListEventsController } from './list-events/list-events.controller.js';
import { OperationsController } from '../operations/rebuild-projections/operations.controller.js';
import { RebuildService } from '../operations/rebuild-projections/rebuild.service.js';
import { SetAsideEventController } from '../operations/set-aside-event/set-aside-event.controller.js';
import { SetAsideEventHandler, UndoSetAsideEventHandler } from '../operations/set-aside-event/set-aside-event.command.js';

/** The event log as the admins' tool: audit log, operations, rebuilds, setting aside a poison event. */
@Module({
  controllers: [ListEventsController, OperationsController, SetAsideEventController],
  providers: [RebuildService, SetAsideEventHandler, UndoSetAsideEventHandler],
})
export class AuditModule {}
