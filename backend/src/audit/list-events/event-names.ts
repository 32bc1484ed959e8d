import type { Knex } from 'knex';
import type { AuditPage } from '@team/contracts';
import { PLAYERS_TABLE } from '@team/projections';
import { MAX_ID } from '../../shared/route-params.js';
import { linksOf, pageIdOf, sectionIdOf, summarizeEvent, type EventNames, type NamedPage, type NamedSection } from '../event-summary.js';

interface AnyEvent {
  type: string;
  streamId: string;
  data: unknown;
}

// The pages and content-sections read models' tables (projections/src/pages, content-sections).
const PAGES_TABLE = 'pages';
const SECTIONS_TABLE = 'content_sections';

/** The ids a page of events mentions whose names the read models hold, each once. */
export function idsToName(events: readonly AnyEvent[]): { players: number[]; pages: number[]; sections: number[] } {
  const players = new Set<number>();
  const pages = new Set<number>();
  const sections = new Set<number>();
  for (const event of events) {
    for (const id of linksOf(event).playerIds) players.add(id);
    const page = pageIdOf(event);
    if (page !== null) pages.add(page);
    const section = sectionIdOf(event);
    if (section !== null) sections.add(section);
  }
  // Ids are PostgreSQL integers: a larger number in some payload would fail the query.
  const valid = (ids: Set<number>) => [...ids].filter((id) => id >= 1 && id <= MAX_ID);
  return { players: valid(players), pages: valid(pages), sections: valid(sections) };
}

/** The names of what `events` mention, from the read models: one query per kind, none for a kind no event needs. */
export async function lookUpNames(knex: Knex, events: readonly AnyEvent[]): Promise<EventNames> {
  const ids = idsToName(events);
  const [players, pages, sections] = await Promise.all([
    ids.players.length ? knex(PLAYERS_TABLE).whereIn('id', ids.players).select<{ id: number; username: string }[]>('id', 'username') : [],
    ids.pages.length ? knex(PAGES_TABLE).whereIn('id', ids.pages).select<({ id: number } & NamedPage)[]>('id', 'slug', 'title') : [],
    ids.sections.length
      ? knex(SECTIONS_TABLE).whereIn('id', ids.sections).select<({ id: number } & NamedSection)[]>('id', 'page', 'section', 'title')
      : [],
  ]);
  return {
    players: new Map(players.map((row) => [row.id, row.username])),
    pages: new Map(pages.map(({ id, slug, title }) => [id, { slug, title }])),
    sections: new Map(sections.map(({ id, page, section, title }) => [id, { page, section, title }])),
  };
}

/**
 * A page of the audit with its players, pages and sections named: the summaries and links say
 * `"Shadow" (#12)` or `page "Tryouts"` where the events themselves give only an id. Whichever
 * log the page was read from, the names come from the read models.
 */
export async function nameAuditPage(knex: Knex, page: AuditPage): Promise<AuditPage> {
  const names = await lookUpNames(knex, page.events);
  return {
    ...page,
    events: page.events.map((entry) => ({
      ...entry,
      summary: summarizeEvent(entry, entry.metadata, names),
      links: linksOf(entry, names),
    })),
  };
}
