// The events of a `player-profile-{playerId}` stream (issue 42): what a moderator set for a
// tracker player besides the ladder's own facts. A stream per player, apart from the ladder's,
// so a profile edit never waits for the ladder's queue nor conflicts with a recorded match.
import type { PlayerSocials } from '../api/player-profiles.js';

/** The profile's editable fields: avatarUrl null is no avatar, socials {} no links. */
export interface PlayerProfileFields {
  avatarUrl: string | null;
  socials: PlayerSocials;
}

/** Only the fields that changed, as they are now and as they were (a revert names both). */
export type PlayerProfileEdited = {
  type: 'PlayerProfileEdited';
  data: { playerId: number; changes: Partial<PlayerProfileFields>; previous: Partial<PlayerProfileFields> };
};

export type PlayerProfileEvent = PlayerProfileEdited;

export const PLAYER_PROFILE_EVENT_TYPES: readonly PlayerProfileEvent['type'][] = ['PlayerProfileEdited'];

export const playerProfileStreamId = (playerId: number): string => `player-profile-${playerId}`;

/** A player nobody set a profile for. */
export const EMPTY_PLAYER_PROFILE: PlayerProfileFields = { avatarUrl: null, socials: {} };
