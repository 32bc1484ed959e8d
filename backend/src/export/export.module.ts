import { Module } from '@nestjs/common';
import { LadderModule } from '../ladder/ladder.module.js';
import { ExportController } from './export.controller.js';

/** The streamed exports: players and matches (public), the raw event log (admin). */
@Module({ imports: [LadderModule], controllers: [ExportController] })
export class ExportModule {}
