// A record-match row's new Discord ID under a known name: the Record Match form and the review queue (admin) both warn of it.
import { nameCompareKey, type PlayerSearchHit } from '@team/contracts';

/**
 * A row whose Discord ID no known player has, typed with the name of one or more known players:
 * a typo in the ID, or a known person under a new account. Recording it creates a new player.
 */
export interface NewIdClash {
  discordId: string;
  username: string;
  /** The known players with that name (compared as names show: ignoring case, surrounding spaces and invisible marks). */
  players: readonly PlayerSearchHit[];
}

/**
 * The clash of a row, from the lookups of its Discord ID and of its name; null when there is
 * none, or while either lookup has not answered.
 */
export function newIdClash(
  discordId: string,
  username: string,
  byDiscordId: readonly PlayerSearchHit[] | undefined,
  byName: readonly PlayerSearchHit[] | undefined,
): NewIdClash | null {
  const [id, name] = [discordId.trim(), username.trim()];
  if (id === '' || name === '' || !byDiscordId || !byName) return null;
  if (byDiscordId.some((player) => player.discordId === id)) return null;
  const key = nameCompareKey(name);
  const players = byName.filter((player) => nameCompareKey(player.username) === key);
  return players.length > 0 ? { discordId: id, username: name, players } : null;
}

function knownAs(clash: NewIdClash): string {
  return clash.players.map((player) => `player ID ${player.id} with Discord ID ${player.discordId}`).join(' and ');
}

/** The warning a row shows. */
export function newIdWarning(clash: NewIdClash): string {
  return `New Discord ID: '${clash.username}' is already ${knownAs(clash)}. Pick them from the list if it is the same person.`;
}

/** One line of the confirm before recording: "Team 2, player 1: 'Ace' (new Discord ID …) is already …". */
export function newIdConfirmLine(rowLabel: string, clash: NewIdClash): string {
  return `${rowLabel}: '${clash.username}' (new Discord ID ${clash.discordId}) is already ${knownAs(clash)}.`;
}
