import { EMPTY_PLAYER_PROFILE, type PlayerProfileEvent, type PlayerProfileFields } from '@team/contracts';
import type { Decider } from '../shared/decide-and-append.js';

/** The fields a moderator sends; absent ones stay as they are. Checked by the handler. */
export type EditPlayerProfile = { type: 'EditPlayerProfile'; changes: Partial<PlayerProfileFields> };

/** Links compared by value: the same links in another order are no change. */
function sameFields(field: keyof PlayerProfileFields, a: PlayerProfileFields[typeof field], b: PlayerProfileFields[typeof field]): boolean {
  if (field === 'avatarUrl') return a === b;
  const [left, right] = [a as PlayerProfileFields['socials'], b as PlayerProfileFields['socials']];
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]) as Set<keyof PlayerProfileFields['socials']>;
  return [...keys].every((key) => left[key] === right[key]);
}

/** A player's profile, on its own `player-profile-{id}` stream. */
export function playerProfileDecider(playerId: number): Decider<PlayerProfileFields, EditPlayerProfile, PlayerProfileEvent> {
  return {
    initialState: () => EMPTY_PLAYER_PROFILE,
    evolve: (state, event) => ({ ...state, ...event.data.changes }),
    decide(command, state) {
      const changes: Partial<PlayerProfileFields> = {};
      const previous: Partial<PlayerProfileFields> = {};
      for (const field of ['avatarUrl', 'socials'] as const) {
        const wanted = command.changes[field];
        if (wanted === undefined || sameFields(field, wanted, state[field])) continue;
        Object.assign(changes, { [field]: wanted });
        Object.assign(previous, { [field]: state[field] });
      }
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'PlayerProfileEdited', data: { playerId, changes, previous } }];
    },
  };
}
