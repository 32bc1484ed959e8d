import { pagePath, type AuditEntry } from '@team/contracts';
import { matchPath } from '@/lib/paths';

/** What the History drawer shows the versions of. */
export type HistoryTarget =
  | { kind: 'section'; id: number; label: string }
  | { kind: 'page'; id: number; label: string };

type Data = Record<string, unknown>;

const SECTION_EVENTS = new Set(['ContentSectionCreated', 'ContentEdited', 'ContentSectionDeleted', 'ContentSectionRestored']);

/**
 * The section or page an audit row is about, or null when it has no single one (a match,
 * a merge, a reorder of a whole page's sections). Content streams are one per page
 * (content-home), so the section comes from the event's data; page streams are page-{id}.
 */
export function historyTargetOf(entry: AuditEntry): HistoryTarget | null {
  const data = (entry.data ?? {}) as Data;
  if (entry.streamId.startsWith('content-') && SECTION_EVENTS.has(entry.type) && Number.isInteger(data.id)) {
    const name = typeof data.section === 'string' ? data.section : `#${data.id}`;
    const page = typeof data.page === 'string' ? data.page : entry.streamId.slice('content-'.length);
    return { kind: 'section', id: data.id as number, label: `Section ${name} (${page} page)` };
  }
  const page = /^page-(\d+)$/.exec(entry.streamId);
  if (page) {
    const id = Number(page[1]);
    const slug = typeof data.slug === 'string' ? data.slug : null;
    return { kind: 'page', id, label: slug ? `Page /${slug}` : `Page #${id}` };
  }
  return null;
}

export interface EventLink {
  label: string;
  href: string;
}

/** Events about one match, whose data names it (`matchId`): their rows link to its page. */
const MATCH_EVENTS = new Set(['MatchRecorded', 'MatchVoided']);

const CONTENT_PAGE_LABELS: Record<string, string> = { home: 'Home page', about: 'About page', roster: 'Roster page' };

/**
 * Where a row's links go, each named: the match's page, player profiles (`Shadow (#12)`, as the
 * server names them; `Player #12` when it knows no name) and the public pages the event changed
 * (by their title).
 */
export function linksOfEntry(entry: AuditEntry): EventLink[] {
  const matchId = MATCH_EVENTS.has(entry.type) ? (entry.data as Data | null)?.matchId : undefined;
  const { playerNames = {}, pageTitles = {} } = entry.links;
  return [
    ...(Number.isInteger(matchId) ? [{ label: `Match #${matchId}`, href: matchPath(matchId as number) }] : []),
    ...entry.links.playerIds.map((id) => ({
      label: playerNames[id] ? `${playerNames[id]} (#${id})` : `Player #${id}`,
      href: `/tracker/players?playerId=${id}`,
    })),
    ...entry.links.contentPages.map((page) => ({ label: CONTENT_PAGE_LABELS[page] ?? `/${page}`, href: pagePath(page) })),
    ...entry.links.pageSlugs.map((slug) => ({
      label: pageTitles[slug] ? `${pageTitles[slug]} (${pagePath(slug)})` : pagePath(slug),
      href: pagePath(slug),
    })),
  ];
}
