import { movedRatingsCount, systemPageById, type EventLinks, type EventMetadata } from '@team/contracts';

interface AnyEvent {
  type: string;
  streamId: string;
  data: unknown;
}

type Data = Record<string, any>;

/** A page as the audit names it. */
export interface NamedPage {
  slug: string;
  title: string;
}

/** A content section as the audit names it: its page (home, about, roster), slug id and title. */
export interface NamedSection {
  page: string;
  section: string;
  title: string;
}

/**
 * What the read models call the players, pages and sections a page of the audit mentions, by
 * id (list-events/event-names.ts reads them): an event's data does not always carry the name
 * (a block saved on a page names only its page's id). An id missing here is unknown: deleted
 * since, or not projected yet.
 */
export interface EventNames {
  players: ReadonlyMap<number, string>;
  pages: ReadonlyMap<number, NamedPage>;
  sections: ReadonlyMap<number, NamedSection>;
}

export const NO_NAMES: EventNames = { players: new Map(), pages: new Map(), sections: new Map() };

const plain = (html: unknown, max = 60): string => {
  const text = String(html ?? '').replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
};

/** `"Shadow" (#12)`, or `#12` when the name is unknown. */
const playerName = (id: unknown, name: unknown): string => (plain(name) ? `"${plain(name)}" (#${id})` : `#${id}`);

/** `the About page`: a page of the content editor. */
const contentPageName = (page: unknown): string => {
  const name = String(page ?? '');
  return `the ${name.charAt(0).toUpperCase()}${name.slice(1)} page`;
};

const pathOf = (slug: string): string => (slug === 'home' ? '/' : `/${slug}`);

/** `page "Tryouts" (/tryouts)`, or `page #5` when it is unknown (deleted since). */
function pageName(id: number, names: EventNames): string {
  const page = pageById(id, names);
  return page ? `page "${plain(page.title)}" (${pathOf(page.slug)})` : `page #${id}`;
}

function pageById(id: number, names: EventNames): NamedPage | undefined {
  return names.pages.get(id) ?? systemPageById(id);
}

/**
 * The page a page event is about: its stream's id (`page-{id}`), or, for a slug's reservation
 * stream (`page-slug-{slug}`), the page that took or gave back the slug.
 */
export function pageIdOf(event: AnyEvent): number | null {
  const stream = /^page-(\d{1,10})$/.exec(event.streamId);
  if (stream) return Number(stream[1]);
  const pageId = (event.data as Data | null)?.pageId;
  return event.streamId.startsWith('page-slug-') && Number.isInteger(pageId) ? pageId : null;
}

/** The section a content event names by id only: an edit carries the title only when it changed it. */
export function sectionIdOf(event: AnyEvent): number | null {
  const id = (event.data as Data | null)?.id;
  return event.type === 'ContentEdited' && Number.isInteger(id) ? id : null;
}

/** `"Our Story"` (its title, markup stripped), else its slug id. */
function sectionName(d: Data, names: EventNames, title: unknown = d.title): string {
  const known = plain(title ?? names.sections.get(d.id)?.title);
  return known ? `"${known}"` : String(d.section ?? `#${d.id}`);
}

const EDITED_FIELDS: Record<string, string> = { title: 'title', content: 'content', imageUrl: 'image URL', playerId: 'tracker player' };

const BLOCK_TYPE_NAMES: Record<string, string> = { text: 'Text', video: 'Video', image: 'Image', html: 'HTML', button: 'Button', spacer: 'Spacer' };

/** `Text block "Season recap"`, or `Spacer block #9` when it has no title. */
function blockName(block: Data | null | undefined): string {
  const type = BLOCK_TYPE_NAMES[block?.blockType] ?? 'Content';
  const title = plain(block?.title ?? block?.buttonText);
  return `${type} block ${title ? `"${title}"` : `#${block?.id}`}`;
}

const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * One readable line per event for the audit table; unknown types fall back to type and stream.
 * Players, pages and sections are named (the names the event carries, else `names`, from the
 * read models). An imported event says so, with its file and match key (its actor is the admin
 * who imported).
 */
export function summarizeEvent(event: AnyEvent, metadata?: Pick<EventMetadata, 'imported'>, names: EventNames = NO_NAMES): string {
  const line = summarizeData(event, names);
  const imported = metadata?.imported;
  return imported ? `${line} (imported from ${plain(imported.file, 80)}, match key ${plain(imported.matchKey, 100)})` : line;
}

function summarizeData(event: AnyEvent, names: EventNames): string {
  const d = (event.data ?? {}) as Data;
  const player = (id: unknown, name: unknown) => playerName(id, name ?? names.players.get(id as number));
  switch (event.type) {
    case 'MatchRecorded': {
      const players = Array.isArray(d.participants) ? d.participants.length : 0;
      const mode = d.modeName ?? d.mode?.name ?? null;
      const score = d.team1Score != null && d.team2Score != null ? ` ${d.team1Score}–${d.team2Score}` : '';
      return `Match #${d.matchId} recorded${mode ? ` (${mode})` : ''}: ${d.winningTeam === 'team2' ? 'Team 2' : 'Team 1'} won${score}, ${players} players`;
    }
    case 'PlayersMerged':
      // Events name both accounts as they were at the merge (`primary.username`).
      return `Player ${player(d.duplicateId, d.duplicate?.username ?? d.duplicateUsername)} merged into ${player(d.primaryId, d.primary?.username ?? d.primaryUsername)}`;
    case 'MatchVoided':
      return `Match #${d.matchId} voided${d.reason ? `: ${plain(d.reason)}` : ''}`;
    case 'PlayersUnmerged':
      return `Merge of ${player(d.duplicateId, d.duplicate?.username)} into ${player(d.primaryId, d.primary?.username)} reverted`;
    case 'PlayerRenamed':
      return `Player #${d.playerId} renamed from "${plain(d.previousUsername)}" to "${plain(d.username)}"`;
    case 'ContentSectionCreated':
      return `Section ${sectionName(d, names)} added to ${contentPageName(d.page)}`;
    case 'ContentEdited': {
      const fields = Object.keys(d.after ?? {}).map((field) => EDITED_FIELDS[field] ?? field);
      return `Section ${sectionName(d, names, d.after?.title)} on ${contentPageName(d.page)} edited${fields.length ? ` (${fields.join(', ')})` : ''}`;
    }
    case 'ContentSectionDeleted':
      return `Section ${sectionName(d, names)} deleted from ${contentPageName(d.page)}`;
    case 'ContentSectionRestored':
      return `Section ${sectionName(d, names)} restored on ${contentPageName(d.page)}`;
    case 'ContentSectionsReordered':
      return `Sections of ${contentPageName(d.page)} reordered`;
    case 'PageCreated':
      return `Page "${plain(d.title)}" created at ${pathOf(String(d.slug))}`;
    case 'PageDeleted':
      return `Page "${plain(d.title)}" (${pathOf(String(d.slug))}) deleted with its ${count(d.blocks?.length ?? 0, 'block')}`;
    case 'PageRestored':
      return `Page "${plain(d.title)}" (${pathOf(String(d.slug))}) restored with ${count(d.blocks?.length ?? 0, 'block')}`;
    case 'ContentBlockSaved':
      return `${blockName(d.block)} ${d.previous ? 'edited on' : 'added to'} ${pageName(d.pageId, names)}`;
    case 'ContentBlockDeleted':
      return `${blockName(d.block)} removed from ${pageName(d.pageId, names)}`;
    case 'PageSlugReserved':
    case 'PageSlugReleased': {
      const title = pageById(d.pageId, names)?.title;
      const page = title ? `"${plain(title)}" (page #${d.pageId})` : `page #${d.pageId}`;
      return event.type === 'PageSlugReserved' ? `Slug /${d.slug} reserved for ${page}` : `Slug /${d.slug} released by ${page}`;
    }
    case 'SeasonStarted': {
      const moved = Array.isArray(d.ratings) ? movedRatingsCount(d.ratings) : 0;
      const ended = d.endedSeasonId != null ? `, season #${d.endedSeasonId} ended` : '';
      const reset = d.softResetPercent > 0 ? `; soft reset ${d.softResetPercent}%: ${moved} ratings moved toward 1000` : '; no soft reset';
      return `Season #${d.seasonId} "${plain(d.name)}" started${ended}${reset}`;
    }
    case 'SeasonRenamed':
      return `Season #${d.seasonId} renamed from "${plain(d.previousName)}" to "${plain(d.name)}"`;
    case 'WebhookCreated':
      return `Webhook ${d.webhookId} (${d.kind}) created for ${plain(d.url, 120)}: ${Array.isArray(d.events) ? d.events.join(', ') : ''}`;
    case 'WebhookUpdated':
      return `Webhook ${d.webhookId} changed: ${plain(d.url, 120)}, ${Array.isArray(d.events) ? d.events.join(', ') : ''}`;
    case 'WebhookPaused':
      return d.automatic ? `Webhook ${d.webhookId} paused after its deliveries kept failing: ${plain(d.reason, 160)}` : `Webhook ${d.webhookId} paused by the owner`;
    case 'WebhookResumed':
      return `Webhook ${d.webhookId} resumed`;
    case 'WebhookDeleted':
      return `Webhook ${d.webhookId} deleted (${plain(d.url, 120)})`;
    case 'MatchSubmitted': {
      const players = (Array.isArray(d.request?.team1) ? d.request.team1.length : 0) + (Array.isArray(d.request?.team2) ? d.request.team2.length : 0);
      return `Match submitted for review (${count(players, 'player')}): submission ${d.submissionId}`;
    }
    case 'SubmissionApproved':
      return `Submission ${d.submissionId} approved by ${plain(d.decidedBy)}: Match #${d.matchId} recorded`;
    case 'SubmissionRejected':
      return `Submission ${d.submissionId} rejected by ${plain(d.decidedBy)}: ${plain(d.reason, 120)}`;
    case 'FixtureScheduled':
      return `Fixture #${d.fixtureId} against "${plain(d.opponent)}" scheduled for ${d.startsAt} (${String(d.format).toUpperCase()})${d.event ? `, ${plain(d.event)}` : ''}`;
    case 'FixtureRescheduled':
      return `Fixture #${d.fixtureId} rescheduled from ${d.previousStartsAt} to ${d.startsAt}`;
    case 'FixtureDetailsEdited': {
      const changed = ['opponent', 'opponentLogoUrl', 'event', 'format', 'streamUrl'].filter((field) => d.details?.[field] !== d.previous?.[field]);
      return `Fixture #${d.fixtureId} against "${plain(d.details?.opponent)}" edited${changed.length ? ` (${changed.join(', ')})` : ''}`;
    }
    case 'FixtureResultRecorded': {
      const maps = Array.isArray(d.result?.maps) ? d.result.maps.length : 0;
      const previous = d.previous ? `, replacing ${d.previous.teamScore}–${d.previous.opponentScore}` : '';
      return `Fixture #${d.fixtureId} result ${d.previous ? 'corrected' : 'recorded'}: ${d.result?.teamScore}–${d.result?.opponentScore}, ${count(maps, 'map')}${previous}`;
    }
    case 'FixtureCancelled':
      return `Fixture #${d.fixtureId} cancelled`;
    case 'PlayerProfileEdited': {
      const fields = Object.keys(d.changes ?? {}).map((field) => (field === 'avatarUrl' ? (d.changes.avatarUrl === null ? 'avatar removed' : 'avatar') : 'social links'));
      return `Profile of player ${player(d.playerId, null)} edited (${fields.join(', ')})`;
    }
    case 'AdminKeyCreated':
      return `Admin key "${plain(d.name)}" created with the ${d.role} role${d.expiresAt ? `, expiring ${d.expiresAt}` : ', no expiry'}`;
    case 'AdminKeyRevoked':
      return `Admin key "${plain(d.name)}" revoked`;
    case 'AdminKeyExpired':
      return `Admin key "${plain(d.name)}" expired (${d.expiresAt})`;
    case 'ProjectionEventSetAside':
      return `Event ${d.position}${d.type ? ` (${d.type} in ${d.streamId})` : ''} set aside from the read models${d.reason ? `: ${plain(d.reason)}` : ''}`;
    case 'ProjectionEventSetAsideUndone':
      return `Set-aside of event ${d.position} undone: rebuilds apply it again`;
    case 'SiteSettingsChanged': {
      const fields = Object.keys(d.changes ?? {});
      const name = typeof d.changes?.teamName === 'string' ? `: team name "${plain(d.previous?.teamName)}" → "${plain(d.changes.teamName)}"` : '';
      return `Site settings changed (${fields.join(', ')})${name}`;
    }
    case 'MediaUploaded':
      return `Image "${plain(d.fileName)}" uploaded (${d.width}×${d.height}, ${d.contentType})`;
    case 'MediaAltChanged':
      return `Alt text of image "${plain(d.fileName)}" changed: ${d.previousAlt ? `"${plain(d.previousAlt)}"` : 'none'} → ${d.alt ? `"${plain(d.alt)}"` : 'none'}`;
    case 'MediaDeleted':
      return `Image "${plain(d.fileName)}" deleted from the media library`;
    default: {
      const subject = d.section ?? d.slug ?? d.title ?? d.blockType ?? null;
      const label = event.type.replace(/([a-z])([A-Z])/g, '$1 $2');
      return `${label} in ${event.streamId}${subject ? `: ${plain(subject)}` : ''}`;
    }
  }
}

/**
 * The players and pages an event touched, with their names where known: a player as the read
 * model names it now (what its profile shows), else as the event gave it; a page by its title.
 */
export function linksOf(event: AnyEvent, names: EventNames = NO_NAMES): EventLinks {
  const playerIds = new Set<number>();
  const namesInData = new Map<number, string>();
  const named = (id: unknown, name: unknown) => {
    if (Number.isInteger(id) && typeof name === 'string') namesInData.set(id as number, name);
  };
  // A season's start lists every player's ratings: linking them all would say nothing.
  const skip = event.type === 'SeasonStarted';
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      const object = value as Data;
      named(object.playerId, object.username);
      named(object.primaryId, object.primary?.username ?? object.primaryUsername);
      named(object.duplicateId, object.duplicate?.username ?? object.duplicateUsername);
      for (const [key, inner] of Object.entries(object)) {
        if ((key === 'playerId' || key === 'primaryId' || key === 'duplicateId') && Number.isInteger(inner)) {
          playerIds.add(inner as number);
        } else visit(inner);
      }
    }
  };
  if (!skip) visit(event.data);
  const ids = [...playerIds].sort((a, b) => a - b);
  const playerNames: Record<number, string> = {};
  for (const id of ids) {
    const name = names.players.get(id) ?? namesInData.get(id);
    if (name) playerNames[id] = name;
  }

  const d = (event.data ?? {}) as Data;
  const pageId = pageIdOf(event);
  const page = pageId === null ? undefined : pageById(pageId, names);
  const slug = typeof d.slug === 'string' ? d.slug : page?.slug;
  const title = typeof d.slug === 'string' && typeof d.title === 'string' ? d.title : page?.title;
  const contentPage = /^content-(home|about|roster)$/.exec(event.streamId)?.[1];
  return {
    playerIds: ids,
    pageSlugs: slug ? [slug] : [],
    contentPages: contentPage ? [contentPage] : [],
    playerNames,
    pageTitles: slug && title && plain(title) ? { [slug]: plain(title, 80) } : {},
  };
}
