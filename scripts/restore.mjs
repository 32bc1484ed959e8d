// `npm run restore -- FILE [--to-position N]`: builds the back end when needed, then restores a
// backup into an empty site and rebuilds its read models (backend/src/backup/restore-main.ts).
import { runBackupCommand } from './backup.mjs';

runBackupCommand('restore-main.js');
