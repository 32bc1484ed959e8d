import type { AdminKeyEvent } from '../admin-keys/admin-key-events.js';
import type { OperationsEvent } from '../api/operations.js';
import type { SubmissionEvent } from '../api/submissions.js';
import type { WebhookEvent } from '../api/webhooks.js';
import type { ContentSectionEvent, PageEvent, PageSlugEvent } from '../cms/cms-events.js';
import type { FixtureEvent } from '../fixtures/fixture-events.js';
import type { LadderEvent } from '../ladder/ladder-events.js';
import type { PlayerProfileEvent } from '../players/player-profile-events.js';
import type { MediaEvent, SiteSettingsEvent } from '../site/site-events.js';

// Every event the log holds, grouped as the audit log's filter offers them (docs/events.md).

type AuditedEvent =
  | LadderEvent
  | ContentSectionEvent
  | PageEvent
  | PageSlugEvent
  | FixtureEvent
  | PlayerProfileEvent
  | SubmissionEvent
  | SiteSettingsEvent
  | MediaEvent
  | WebhookEvent
  | AdminKeyEvent
  | OperationsEvent;
export type AuditedEventType = AuditedEvent['type'];

const GROUPS = [
  'Matches and players',
  'Content sections',
  'Pages and blocks',
  'Fixtures',
  'Player profiles',
  'Review queue',
  'Site settings and media',
  'Webhooks',
  'Admin keys',
  'Operations',
] as const;
type AuditGroup = (typeof GROUPS)[number];

/** Each type's group: a record over the union, so an event type added without a group does not compile. */
const GROUP_OF: Record<AuditedEventType, AuditGroup> = {
  MatchRecorded: 'Matches and players',
  PlayersMerged: 'Matches and players',
  MatchVoided: 'Matches and players',
  PlayersUnmerged: 'Matches and players',
  PlayerRenamed: 'Matches and players',
  SeasonStarted: 'Matches and players',
  SeasonRenamed: 'Matches and players',
  ContentSectionCreated: 'Content sections',
  ContentEdited: 'Content sections',
  ContentSectionDeleted: 'Content sections',
  ContentSectionRestored: 'Content sections',
  ContentSectionsReordered: 'Content sections',
  PageCreated: 'Pages and blocks',
  PageDeleted: 'Pages and blocks',
  PageRestored: 'Pages and blocks',
  ContentBlockSaved: 'Pages and blocks',
  ContentBlockDeleted: 'Pages and blocks',
  PageSlugReserved: 'Pages and blocks',
  PageSlugReleased: 'Pages and blocks',
  FixtureScheduled: 'Fixtures',
  FixtureRescheduled: 'Fixtures',
  FixtureDetailsEdited: 'Fixtures',
  FixtureResultRecorded: 'Fixtures',
  FixtureCancelled: 'Fixtures',
  PlayerProfileEdited: 'Player profiles',
  MatchSubmitted: 'Review queue',
  SubmissionApproved: 'Review queue',
  SubmissionRejected: 'Review queue',
  SiteSettingsChanged: 'Site settings and media',
  MediaUploaded: 'Site settings and media',
  MediaAltChanged: 'Site settings and media',
  MediaDeleted: 'Site settings and media',
  WebhookCreated: 'Webhooks',
  WebhookUpdated: 'Webhooks',
  WebhookPaused: 'Webhooks',
  WebhookResumed: 'Webhooks',
  WebhookDeleted: 'Webhooks',
  AdminKeyCreated: 'Admin keys',
  AdminKeyRevoked: 'Admin keys',
  AdminKeyExpired: 'Admin keys',
  ProjectionEventSetAside: 'Operations',
  ProjectionEventSetAsideUndone: 'Operations',
};

/** The audit log's event-type filter: each group with its types, in the order above. */
export const AUDIT_EVENT_GROUPS: readonly { label: AuditGroup; types: AuditedEventType[] }[] = GROUPS.map((label) => ({
  label,
  types: (Object.keys(GROUP_OF) as AuditedEventType[]).filter((type) => GROUP_OF[type] === label),
}));
