import { Module } from '@nestjs/common';
import { RankingCache } from './read-side/ranking-cache.js';
import { GetModesController } from './get-modes/get-modes.controller.js';
import { GetLeaderboardController } from './get-leaderboard/get-leaderboard.controller.js';
import { GetLeaderboardHandler } from './get-leaderboard/get-leaderboard.query.js';
import { GetLeaderboardAsOfHandler } from './get-leaderboard/get-leaderboard-as-of.query.js';
import { GetPlayersController } from './get-players/get-players.controller.js';
import { SearchPlayersController } from './search-players/search-players.controller.js';
import { SearchPlayersHandler } from './search-players/search-players.query.js';
import { GetNamesakesController } from './get-namesakes/get-namesakes.controller.js';
import { GetNamesakesHandler } from './get-namesakes/get-namesakes.query.js';
import { GetRankDistributionController } from './get-rank-distribution/get-rank-distribution.controller.js';
import { GetGlobalStatsController } from './get-global-stats/get-global-stats.controller.js';
import { GetGlobalStatsHandler } from './get-global-stats/get-global-stats.query.js';
import { GetRecentMatchesController } from './get-recent-matches/get-recent-matches.controller.js';
import { GetRecentMatchesHandler, GetRecentMatchTimesHandler } from './get-recent-matches/get-recent-matches.query.js';
import { GetMatchController } from './get-match/get-match.controller.js';
import { GetMatchHandler } from './get-match/get-match.query.js';
import { GetPlayerMatchesController } from './get-player-matches/get-player-matches.controller.js';
import { GetPlayerMatchesHandler } from './get-player-matches/get-player-matches.query.js';
import { GetHeadToHeadController } from './get-head-to-head/get-head-to-head.controller.js';
import { GetHeadToHeadHandler } from './get-head-to-head/get-head-to-head.query.js';
import { ComparePlayersController } from './compare-players/compare-players.controller.js';
import { ComparePlayersHandler } from './compare-players/compare-players.query.js';
import { GetDuplicatesController } from '../ladder/merge-players/get-duplicates/get-duplicates.controller.js';
import { GetDuplicatesHandler } from '../ladder/merge-players/get-duplicates/get-duplicates.query.js';
import { GetPlayerSeasonsController, GetSeasonsController } from './get-seasons/get-seasons.controller.js';
import {
  GetPlayerSeasonsHandler,
  GetSeasonHandler,
  GetSeasonLeaderboardHandler,
  GetSeasonsHandler,
} from './get-seasons/get-seasons.query.js';
import { LadderTimeTravel } from './time-travel/ladder-time-travel.js';
import { logReaderProvider } from '../event-store/open-event-store.js';
import { TIME_TRAVEL_KNEX } from '../infrastructure/tokens.js';
import { timeTravelLogImplementations } from './time-travel/open-time-travel-log.js';
import { TIME_TRAVEL_LOG } from './time-travel/time-travel-log.js';

/**
 * The tracker's read API: leaderboards, players, matches, stats, seasons, head-to-head and
 * compare, from the read models (or, with ?asOf=, from time travel's fold of the log).
 */
@Module({
  controllers: [
    GetModesController,
    GetLeaderboardController,
    GetDuplicatesController,
    ComparePlayersController,
    GetPlayersController,
    SearchPlayersController,
    GetNamesakesController,
    GetPlayerMatchesController,
    GetHeadToHeadController,
    GetRankDistributionController,
    GetGlobalStatsController,
    GetRecentMatchesController,
    // After the recent matches: GET api/matches/:id would otherwise take "recent" for an id.
    GetMatchController,
    GetSeasonsController,
    GetPlayerSeasonsController,
  ],
  providers: [
    RankingCache,
    LadderTimeTravel,
    // Time travel folds on its own small pool, so a burst of ?asOf= readers waits there.
    logReaderProvider(TIME_TRAVEL_LOG, TIME_TRAVEL_KNEX, timeTravelLogImplementations),
    GetLeaderboardHandler,
    GetLeaderboardAsOfHandler,
    GetGlobalStatsHandler,
    GetRecentMatchesHandler,
    GetRecentMatchTimesHandler,
    GetMatchHandler,
    GetPlayerMatchesHandler,
    GetHeadToHeadHandler,
    ComparePlayersHandler,
    SearchPlayersHandler,
    GetNamesakesHandler,
    GetDuplicatesHandler,
    GetSeasonsHandler,
    GetSeasonHandler,
    GetSeasonLeaderboardHandler,
    GetPlayerSeasonsHandler,
  ],
})
export class TrackerModule {}
