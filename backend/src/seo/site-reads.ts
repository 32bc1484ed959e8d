import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { ContentPage, ContentSection, Fixture, MatchPage, Page, PageWithBlocks, Season, SiteSettings } from '@team/contracts';
import type { MatchTime } from '@team/projections';
import { GetContentQuery } from '../cms/content/get-content/get-content.query.js';
import { GetFixtureQuery } from '../fixtures/get-fixtures/get-fixture.query.js';
import { GetSiteSettingsQuery } from '../site-settings/get-site/get-site.query.js';
import { GetPageQuery } from '../cms/pages/get-page/get-page.query.js';
import { GetPagesQuery } from '../cms/pages/get-pages/get-pages.query.js';
import { NotFoundError } from '../shared/domain-errors.js';
import { GetLeaderboardQuery } from '../tracker/get-leaderboard/get-leaderboard.query.js';
import { GetMatchQuery } from '../tracker/get-match/get-match.query.js';
import { GetRecentMatchTimesQuery } from '../tracker/get-recent-matches/get-recent-matches.query.js';
import { GetSeasonQuery, GetSeasonsQuery } from '../tracker/get-seasons/get-seasons.query.js';
import type { RankedBoard } from '../tracker/read-side/ranked-board.js';

/** A query's answer, or null where it found nothing (its NotFoundError). */
async function orNull<T>(answer: Promise<T>): Promise<T | null> {
  try {
    return await answer;
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

/**
 * What the page heads, the share cards and the sitemap read, all through the read API's own
 * queries (the tracker's, the content's and the pages'), so they show what the screens show.
 */
@Injectable()
export class SiteReads {
  constructor(private readonly queries: QueryBus) {}

  /**
   * The overall board, ranked, as of the read tables' position (`board.position`): every player
   * that is not merged away, with rank and tier. Held in memory until the projector moves on.
   */
  board(): Promise<RankedBoard> {
    return this.queries.execute(new GetLeaderboardQuery(null));
  }

  fixture(id: number): Promise<Fixture | null> {
    return this.queries.execute(new GetFixtureQuery(id));
  }

  match(id: number): Promise<MatchPage | null> {
    return orNull(this.queries.execute(new GetMatchQuery(id)));
  }

  /** When each of the newest matches that count (voided ones left out) was played, newest first. */
  recentMatchTimes(limit: number): Promise<MatchTime[]> {
    return this.queries.execute(new GetRecentMatchTimesQuery(limit));
  }

  season(id: number): Promise<Season | null> {
    return orNull(this.queries.execute(new GetSeasonQuery(id)));
  }

  seasons(): Promise<Season[]> {
    return this.queries.execute(new GetSeasonsQuery());
  }

  /** The team's name, tagline, images and colour: what every head and card says the site is. */
  siteSettings(): Promise<SiteSettings> {
    return this.queries.execute(new GetSiteSettingsQuery());
  }

  content(page: ContentPage): Promise<ContentSection[]> {
    return this.queries.execute(new GetContentQuery(page));
  }

  page(slug: string): Promise<PageWithBlocks | null> {
    return orNull(this.queries.execute(new GetPageQuery(slug)));
  }

  pages(): Promise<Page[]> {
    return this.queries.execute(new GetPagesQuery());
  }
}
