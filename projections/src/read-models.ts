import type { Projection } from './projection.js';
import { playersProjection } from './players/players.projection.js';
import { matchesProjection } from './matches/matches.projection.js';
import { contentSectionsProjection } from './content-sections/content-sections.projection.js';
import { pagesProjection } from './pages/pages.projection.js';
import { seasonsProjection } from './seasons/seasons.projection.js';
import { submissionsProjection } from './submissions/submissions.projection.js';
import { siteSettingsProjection } from './site/site-settings.projection.js';
import { mediaProjection } from './media/media.projection.js';
import { fixturesProjection } from './fixtures/fixtures.projection.js';
import { playerProfilesProjection } from './player-profiles/player-profiles.projection.js';

/** Every read model the projector maintains, in the order they apply an event. */
export const readModelProjections: Projection[] = [playersProjection, matchesProjection, contentSectionsProjection, pagesProjection, seasonsProjection, fixturesProjection, playerProfilesProjection, siteSettingsProjection, mediaProjection, submissionsProjection];
