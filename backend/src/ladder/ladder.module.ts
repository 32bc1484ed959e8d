import { Module } from '@nestjs/common';
import { LadderRepository } from './runtime/ladder.repository.js';
import { RankingCache } from '../tracker/read-side/ranking-cache.js';
import { RecordMatchController } from './record-match/record-match.controller.js';
import { RecordMatchHandler } from './record-match/record-match.command.js';
import { MergePlayersController } from './merge-players/merge-players.controller.js';
import { MergePlayersHandler } from './merge-players/merge-players.command.js';
import { GetModesController } from '../tracker/get-modes/get-modes.controller.js';
import { GetLeaderboardController } from '../tracker/get-leaderboard/get-leaderboard.controller.js';
import { GetLeaderboardHandler } from '../tracker/get-leaderboard/get-leaderboard.query.js';
import { GetPlayersController } from '../tracker/get-players/get-players.controller.js';
import { GetRankDistributionController } from '../tracker/get-rank-distribution/get-rank-distribution.controller.js';
import { GetGlobalStatsController } from '../tracker/get-global-stats/get-global-stats.controller.js';
import { GetGlobalStatsHandler } from '../tracker/get-global-stats/get-global-stats.query.js';
import { GetRecentMatchesController } from '../tracker/get-recent-matches/get-recent-matches.controller.js';
import { GetRecentMatchesHandler } from '../tracker/get-recent-matches/get-recent-matches.query.js';
import { GetMatchController } from '../tracker/get-match/get-match.controller.js';
import { GetMatchHandler } from '../tracker/get-match/get-match.query.js';
import { GetPlayerMatchesController } from '../tracker/get-player-matches/get-player-matches.controller.js';
import { GetPlayerMatchesHandler } from '../tracker/get-player-matches/get-player-matches.query.js';
import { GetHeadToHeadController } from '../tracker/get-head-to-head/get-head-to-head.controller.js';
import { GetHeadToHeadHandler } from '../tracker/get-head-to-head/get-head-to-head.query.js';
import { ComparePlayersController } from '../tracker/compare-players/compare-players.controller.js';
import { ComparePlayersHandler } from '../tracker/compare-players/compare-players.query.js';
import { GetDuplicatesController } from '../tracker/get-duplicates/get-duplicates.controller.js';
import { GetDuplicatesHandler } from '../tracker/get-duplicates/get-duplicates.query.js';
import { GetLeaderboardAsOfHandler } from '../tracker/get-leaderboard/get-leaderboard-as-of.query.js';
import { LadderTimeTravel } from '../tracker/time-travel/ladder-time-travel.js';
import { VoidMatchController } from './void-match/void-match.controller.js';
import { VoidMatchHandler } from './void-match/void-match.command.js';
import { UnmergePlayersController } from './unmerge-players/unmerge-players.controller.js';
import { UnmergePlayersHandler } from './unmerge-players/unmerge-players.command.js';
import { ImportMatchesController } from './import-matches/import-matches.controller.js';
import { ImportMatchesService } from './import-matches/import-matches.service.js';
import { SeasonsAdminController } from './start-season/seasons-admin.controller.js';
import { StartSeasonHandler } from './start-season/start-season.command.js';
import { RenameSeasonHandler } from './rename-season/rename-season.command.js';
import { GetPlayerSeasonsController, GetSeasonsController } from '../tracker/get-seasons/get-seasons.controller.js';
import {
  GetPlayerSeasonsHandler,
  GetSeasonHandler,
  GetSeasonLeaderboardHandler,
  GetSeasonsHandler,
} from '../tracker/get-seasons/get-seasons.query.js';

/** The ELO tracker: the ladder aggregate's commands (corrections too) and the tracker's reads. */
@Module({
  controllers: [
    RecordMatchController,
    MergePlayersController,
    VoidMatchController,
    UnmergePlayersController,
    GetModesController,
    GetLeaderboardController,
    GetDuplicatesController,
    ComparePlayersController,
    GetPlayersController,
    GetPlayerMatchesController,
    GetHeadToHeadController,
    GetRankDistributionController,
    GetGlobalStatsController,
    GetRecentMatchesController,
    // After the recent matches: GET api/matches/:id would otherwise take "recent" for an id.
    GetMatchController,
    SeasonsAdminController,
    GetSeasonsController,
    GetPlayerSeasonsController,
    ImportMatchesController,
  ],
  providers: [
    LadderRepository,
    RankingCache,
    RecordMatchHandler,
    MergePlayersHandler,
    VoidMatchHandler,
    UnmergePlayersHandler,
    LadderTimeTravel,
    GetLeaderboardHandler,
    GetLeaderboardAsOfHandler,
    GetGlobalStatsHandler,
    GetRecentMatchesHandler,
    GetMatchHandler,
    GetPlayerMatchesHandler,
    GetHeadToHeadHandler,
    ComparePlayersHandler,
    GetDuplicatesHandler,
    StartSeasonHandler,
    RenameSeasonHandler,
    GetSeasonsHandler,
    GetSeasonHandler,
    GetSeasonLeaderboardHandler,
    GetPlayerSeasonsHandler,
    ImportMatchesService,
  ],
  // The exports read the ladder's voided matches from its state.
  exports: [LadderRepository],
})
export class LadderModule {}
