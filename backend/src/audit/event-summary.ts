import { movedRatingsCount, type EventLinks, type EventMetadata } from '@team/contracts';

interface AnyEvent {
  type: string;
  streamId: string;
  data: unknown;
}

type Data = Record<string, any>;

const plain = (html: unknown, max = 60): string => {
  const text = String(html ?? '').replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
};

/**
 * One readable line per event for the audit table; unknown types fall back to type and stream.
 * An imported event says so, with its file and match key (its actor is the admin who imported).
 */
export function summarizeEvent(event: AnyEvent, metadata?: Pick<EventMetadata, 'imported'>): string {
  const line = summarizeData(event);
  const imported = metadata?.imported;
  return imported ? `${line} (imported from ${plain(imported.file, 80)}, match key ${plain(imported.matchKey, 100)})` : line;
}

function summarizeData(event: AnyEvent): string {
  const d = (event.data ?? {}) as Data;
  switch (event.type) {
    case 'MatchRecorded': {
      const players = Array.isArray(d.participants) ? d.participants.length : 0;
      const mode = d.modeName ?? d.mode?.name ?? null;
      const score = d.team1Score != null && d.team2Score != null ? ` ${d.team1Score}–${d.team2Score}` : '';
      return `Match #${d.matchId} recorded${mode ? ` (${mode})` : ''}: ${d.winningTeam === 'team2' ? 'Team 2' : 'Team 1'} won${score}, ${players} players`;
    }
    case 'PlayersMerged':
      return `Player #${d.duplicateId}${d.duplicateUsername ? ` (${d.duplicateUsername})` : ''} merged into #${d.primaryId}${d.primaryUsername ? ` (${d.primaryUsername})` : ''}`;
    case 'MatchVoided':
      return `Match #${d.matchId} voided${d.reason ? `: ${plain(d.reason)}` : ''}`;
    case 'PlayersUnmerged':
      return `Merge of #${d.duplicateId} into #${d.primaryId} reverted`;
    case 'PlayerRenamed':
      return `Player #${d.playerId} renamed from "${plain(d.previousUsername)}" to "${plain(d.username)}"`;
    case 'SeasonStarted': {
      const moved = Array.isArray(d.ratings) ? movedRatingsCount(d.ratings) : 0;
      const ended = d.endedSeasonId != null ? `, season #${d.endedSeasonId} ended` : '';
      const reset = d.softResetPercent > 0 ? `; soft reset ${d.softResetPercent}%: ${moved} ratings moved toward 1000` : '; no soft reset';
      return `Season #${d.seasonId} "${plain(d.name)}" started${ended}${reset}`;
    }
    case 'SeasonRenamed':
      return `Season #${d.seasonId} renamed from "${plain(d.previousName)}" to "${plain(d.name)}"`;
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
    default: {
      const subject = d.section ?? d.slug ?? d.title ?? d.blockType ?? null;
      const label = event.type.replace(/([a-z])([A-Z])/g, '$1 $2');
      return `${label} in ${event.streamId}${subject ? `: ${plain(subject)}` : ''}`;
    }
  }
}

export function linksOf(event: AnyEvent): EventLinks {
  const playerIds = new Set<number>();
  // A season's start lists every player's ratings: linking them all would say nothing.
  const skip = event.type === 'SeasonStarted';
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if ((key === 'playerId' || key === 'primaryId' || key === 'duplicateId') && Number.isInteger(inner)) {
          playerIds.add(inner as number);
        } else visit(inner);
      }
    }
  };
  if (!skip) visit(event.data);
  const d = (event.data ?? {}) as Data;
  const contentPage = /^content-(home|about|roster)$/.exec(event.streamId)?.[1];
  return {
    playerIds: [...playerIds].sort((a, b) => a - b),
    pageSlugs: typeof d.slug === 'string' ? [d.slug] : [],
    contentPages: contentPage ? [contentPage] : [],
  };
}
