import { Module } from '@nestjs/common';
import { ScheduledBackups } from './scheduled-backups.js';

/** Scheduled backups in the running site (BACKUP_DIR); `npm run backup` and `npm run restore` are their own processes. */
@Module({ providers: [ScheduledBackups] })
export class BackupModule {}
