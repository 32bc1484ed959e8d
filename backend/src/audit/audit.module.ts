import { Module } from '@nestjs/common';
import { ListEventsController } from './list-events/list-events.controller.js';
import { OperationsController } from './rebuild-projections/operations.controller.js';
import { RebuildService } from './rebuild-projections/rebuild.service.js';

/** The event log as the admins' tool: audit log, operations, rebuilds. */
@Module({
  controllers: [ListEventsController, OperationsController],
  providers: [RebuildService],
})
export class AuditModule {}
