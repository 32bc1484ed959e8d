import { Module } from '@nestjs/common';
import { LadderRepository } from './runtime/ladder.repository.js';
import { logReaderProvider } from '../event-store/open-event-store.js';
import { KNEX } from '../infrastructure/tokens.js';
import { LADDER_LOG } from './runtime/ladder-log.js';
import { ladderLogImplementations } from './runtime/open-ladder-log.js';
import { RecordMatchHandler } from './record-match/record-match.command.js';
import { MergePlayersController } from './merge-players/merge-players.controller.js';
import { MergePlayersHandler } from './merge-players/merge-players.command.js';
import { VoidMatchController } from './void-match/void-match.controller.js';
import { VoidMatchHandler } from './void-match/void-match.command.js';
import { UnmergePlayersController } from './unmerge-players/unmerge-players.controller.js';
import { UnmergePlayersHandler } from './unmerge-players/unmerge-players.command.js';
import { ImportMatchesController } from './import-matches/import-matches.controller.js';
import { ImportMatchesService } from './import-matches/import-matches.service.js';
import { RenameSeasonController } from './rename-season/rename-season.controller.js';
import { StartSeasonController } from './start-season/start-season.controller.js';
import { StartSeasonHandler } from './start-season/start-season.command.js';
import { RenameSeasonHandler } from './rename-season/rename-season.command.js';
import { RenamePlayerController } from './rename-player/rename-player.controller.js';
import { RenamePlayerHandler } from './rename-player/rename-player.command.js';

/**
 * The ladder aggregate's writes: record, merge, unmerge, rename, void, seasons and import, decided on
 * the one ladder stream through its runtime (LadderRepository). The tracker's reads are in
 * TrackerModule.
 */
@Module({
  controllers: [
    MergePlayersController,
    VoidMatchController,
    UnmergePlayersController,
    RenamePlayerController,
    StartSeasonController,
    RenameSeasonController,
    ImportMatchesController,
  ],
  providers: [
    LadderRepository,
    logReaderProvider(LADDER_LOG, KNEX, ladderLogImplementations),
    RecordMatchHandler,
    MergePlayersHandler,
    VoidMatchHandler,
    UnmergePlayersHandler,
    StartSeasonHandler,
    RenameSeasonHandler,
    RenamePlayerHandler,
    ImportMatchesService,
  ],
  // The exports read the ladder's voided matches from its state.
  exports: [LadderRepository],
})
export class LadderModule {}
