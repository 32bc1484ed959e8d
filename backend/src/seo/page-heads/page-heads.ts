import { Injectable } from '@nestjs/common';
import { DEFAULT_SITE_SETTINGS, findMode, FORMAT_LABELS, MODES, pagePath, type ContentBlock, type ContentPage, type LeaderboardEntry, type SiteSettings } from '@team/contracts';
import { clip, plainText } from '../plain-text.js';
import { SiteReads } from '../site-reads.js';
import { CardAvatars } from '../share-cards/card-avatars.js';
import {
  cardPath,
  cardDate,
  cardDateTime,
  matchCardOf,
  matchHeadline,
  matchSummary,
  playerCardOf,
  playerSummary,
  siteCardOf,
} from '../share-cards/share-card.js';
import type { PageHead } from './page-head.js';
import { routeOf, type PageRoute } from './page-routes.js';

/** Long enough for a preview's two or three lines; search engines show about 160 characters. */
const DESCRIPTION_LENGTH = 300;
const TITLE_LENGTH = 120;

/** The site's card, from its settings. */
function siteImage(settings: Pick<SiteSettings, 'teamName' | 'tagline'>): PageHead['image'] {
  return { path: cardPath(siteCardOf(settings)), alt: `${settings.teamName}: ${settings.tagline}` };
}

/** Stands for the site's card in a head until headFor knows the settings (compared by identity). */
const SITE_IMAGE: PageHead['image'] = { path: '', alt: '' };

/** A screen's head with nothing to look up; the screen headers' own titles and subtitles (docs/product.md#screens-and-routes). */
function screen(title: string, description: string, canonicalPath: string, extra: Partial<PageHead> = {}): PageHead {
  return { status: 200, title, description, canonicalPath, type: 'website', image: SITE_IMAGE, ...extra };
}

/** Every unknown match, player, season, mode, slug or path, and every malformed id: the SPA's 404 screen. */
export const NOT_FOUND_HEAD: PageHead = {
  ...screen('Page Not Found', 'The page you are looking for does not exist or has been moved.', ''),
  status: 404,
  canonicalPath: null,
  noindex: true,
};

/** When the read side cannot be read: the site's name and tagline, no address, answered 503. */
export const UNREAD_HEAD: PageHead = {
  ...screen(DEFAULT_SITE_SETTINGS.teamName, DEFAULT_SITE_SETTINGS.tagline, ''),
  image: siteImage(DEFAULT_SITE_SETTINGS),
  status: 503,
  canonicalPath: null,
};

const adminHead = (name: string): PageHead => ({ ...screen('Admin', `The back office of ${name}.`, ''), canonicalPath: null, noindex: true });

/** The first words of the first section (or block) that has any, trimmed to a description. */
function firstText(texts: readonly (string | null | undefined)[], fallback: string): string {
  for (const html of texts) {
    const text = plainText(html);
    if (text) return clip(text, DESCRIPTION_LENGTH);
  }
  return fallback;
}

/** A block's words: a text or HTML block's content, else its title. */
function blockTexts(block: ContentBlock): (string | null)[] {
  return block.blockType === 'text' || block.blockType === 'html' ? [block.content, block.title] : [block.title];
}

function title(text: string): string {
  return clip(text, TITLE_LENGTH);
}

/**
 * Each public page's head, read from the read models through the read API's queries (see
 * SiteReads): the home, about and roster sections, a custom page's blocks, a match, a player's
 * line on the board, a season. What cannot be found answers NOT_FOUND_HEAD (HTTP 404).
 */
@Injectable()
export class PageHeads {
  constructor(
    private readonly reads: SiteReads,
    private readonly avatars: CardAvatars,
  ) {}

  async headFor(path: string, query: URLSearchParams): Promise<PageHead> {
    const settings = await this.reads.siteSettings();
    const head = await this.describe(routeOf(path, query), settings);
    return {
      ...head,
      image: head.image === SITE_IMAGE ? siteImage(settings) : head.image,
      site: { name: settings.teamName, faviconUrl: settings.faviconUrl },
    };
  }

  private async describe(route: PageRoute, settings: SiteSettings): Promise<PageHead> {
    const name = settings.teamName;
    switch (route.kind) {
      case 'home':
        return this.home(settings);
      case 'about':
        return this.contentPage('about', 'About', '/about', `About ${name}: our story, our mission and achievements.`);
      case 'roster':
        return this.contentPage('roster', 'Team Roster', '/roster', `The players of ${name}.`);
      case 'custom':
        return this.customPage(route.slug, name);
      case 'dashboard':
        return this.dashboard();
      case 'leaderboard':
        return this.leaderboard(route.season, route.mode, settings.dateLocale);
      case 'players':
        return screen('Players', 'Browse all players and their statistics.', '/tracker/players');
      case 'player':
        return this.player(route.id, name);
      case 'record-match':
        return screen('Record Match', 'Enter match results and performance stats to update ELO ratings.', '/tracker/record-match');
      case 'match':
        return this.match(route.id, name, settings.dateLocale);
      case 'schedule':
        return screen('Schedule', `Upcoming matches and past results of ${name}.`, '/schedule');
      case 'fixture':
        return this.fixture(route.id, name, settings.dateLocale);
      case 'compare':
        return this.compare(route.a, route.b);
      case 'admin':
        return adminHead(name);
      case 'not-found':
        return NOT_FOUND_HEAD;
    }
  }

  private async home(settings: SiteSettings): Promise<PageHead> {
    const sections = await this.reads.content('home');
    // The hero's title is the home page's (the SPA's HomeHero: the section with id "hero").
    const hero = sections.find((section) => section.section === 'hero');
    const heroTitle = plainText(hero?.title);
    return screen(heroTitle ? title(heroTitle) : settings.teamName, firstText(sections.map((section) => section.content), settings.tagline), '/');
  }

  private async contentPage(page: ContentPage, pageTitle: string, path: string, fallback: string): Promise<PageHead> {
    const sections = await this.reads.content(page);
    return screen(pageTitle, firstText(sections.map((section) => section.content), fallback), path);
  }

  private async customPage(slug: string, name: string): Promise<PageHead> {
    const page = await this.reads.page(slug);
    if (!page) return NOT_FOUND_HEAD;
    return screen(title(page.title), firstText(page.contentBlocks.flatMap(blockTexts), `${page.title} · ${name}`), pagePath(slug));
  }

  private async dashboard(): Promise<PageHead> {
    const board = await this.reads.board();
    return screen(
      'Dashboard',
      `${board.size} players ranked by ELO: the top players, recent matches and the rank distribution.`,
      '/tracker/dashboard',
    );
  }

  private async leaderboard(seasonId: number | null, modeId: number | null, locale: string): Promise<PageHead> {
    const mode = modeId === null ? null : findMode(MODES, modeId);
    const season = seasonId === null ? null : await this.reads.season(seasonId);
    if ((modeId !== null && !mode) || (seasonId !== null && !season)) return NOT_FOUND_HEAD;
    const query = new URLSearchParams();
    if (season) query.set('season', String(season.id));
    if (mode) query.set('mode', String(mode.id));
    const name = [season?.name, mode ? `${mode.name} Leaderboard` : 'Leaderboard'].filter(Boolean).join(' · ');
    let description = 'Top ranked players by ELO rating.';
    if (season) {
      const span = `${cardDate(season.startedAt, locale)} – ${season.endedAt ? cardDate(season.endedAt, locale) : 'now'}`;
      description = `Top ranked players of ${season.name} (${span}) by ELO rating.`;
    } else if (!mode) {
      const top = (await this.reads.board()).slice(0, 3);
      if (top.length > 0) description += ` ${top.map((entry) => `#${entry.rank} ${entry.username} (${entry.elo})`).join(', ')}.`;
    }
    return screen(title(name), clip(description, DESCRIPTION_LENGTH), `/tracker/leaderboard${query.size ? `?${query}` : ''}`);
  }

  private async player(id: number, site: string): Promise<PageHead> {
    const board = await this.reads.board();
    const entry = board.entryOf(id);
    if (!entry) return NOT_FOUND_HEAD;
    // The avatar is part of the card's version, so the og:image link changes with it.
    const card = playerCardOf(entry, board.size, site, await this.avatars.of(id));
    const summary = playerSummary(card);
    return {
      ...screen(title(entry.username), `${summary}. K/D ${entry.kdRatio.toFixed(2)}, ${entry.totalMatches} matches.`, `/tracker/players?playerId=${id}`),
      type: 'profile',
      image: { path: cardPath(card), alt: `${entry.username}: ${summary}` },
      properties: [['profile:username', entry.username]],
    };
  }

  /** A fixture's page: who against whom, when (UTC, in the site's locale) and the result once played; the site card (docs/schedule.md). */
  private async fixture(id: number, site: string, locale: string): Promise<PageHead> {
    const fixture = await this.reads.fixture(id);
    if (!fixture) return NOT_FOUND_HEAD;
    const headline = `${site} vs ${fixture.opponent}`;
    const when = cardDateTime(fixture.startsAt, locale);
    const upcoming = !fixture.result && fixture.status === 'upcoming';
    const outcome = fixture.result
      ? `Result: ${fixture.result.teamScore}–${fixture.result.opponentScore} (${fixture.result.teamScore > fixture.result.opponentScore ? 'win' : 'loss'})`
      : fixture.status === 'cancelled'
        ? 'Cancelled'
        : fixture.status === 'live'
          ? 'Live now'
          : `Starts ${when}`;
    // An upcoming fixture's outcome line is its start time already: said once.
    const description = clip([outcome, fixture.event, FORMAT_LABELS[fixture.format], upcoming ? null : when].filter(Boolean).join(' · '), DESCRIPTION_LENGTH);
    return { ...screen(title(headline), description, `/schedule/${id}`), type: 'article', properties: [['article:published_time', fixture.startsAt]] };
  }

  private async match(id: number, site: string, locale: string): Promise<PageHead> {
    const page = await this.reads.match(id);
    if (!page) return NOT_FOUND_HEAD;
    const card = matchCardOf(page, site, locale);
    const summary = clip(matchSummary(card), DESCRIPTION_LENGTH);
    return {
      ...screen(title(matchHeadline(card)), summary, `/tracker/matches/${id}`),
      type: 'article',
      image: { path: cardPath(card), alt: `${matchHeadline(card)}. ${summary}` },
      properties: [['article:published_time', page.createdAt]],
    };
  }

  private async compare(a: number | null, b: number | null): Promise<PageHead> {
    const generic = screen('Compare Players', 'Side-by-side stats, rating history and matches against each other.', '/tracker/compare');
    if (a === null && b === null) return generic;
    const board = await this.reads.board();
    const find = (id: number | null) => (id === null ? null : (board.entryOf(id) ?? undefined));
    const [first, second] = [find(a), find(b)];
    if (first === undefined || second === undefined) return NOT_FOUND_HEAD;
    if (!first || !second) return generic;
    const line = (entry: LeaderboardEntry) => `${entry.username} (#${entry.rank}, ${entry.elo} ELO, ${entry.wins}W - ${entry.losses}L)`;
    return screen(
      title(`${first.username} vs ${second.username}`),
      clip(`Side by side: ${line(first)} and ${line(second)}; their rating histories and matches against each other.`, DESCRIPTION_LENGTH),
      `/tracker/compare?a=${first.id}&b=${second.id}`,
    );
  }
}
