import { usernameKey, type Player } from '@team/contracts';

/** What telling two same-named players apart needs: the account, its name and its Discord ID. */
export type NamedPlayer = Pick<Player, 'id' | 'username' | 'discordId'>;

/** The end of a Discord ID that a suffix shows: "Shadow ·…4821". */
export const DISCORD_SUFFIX_LENGTH = 4;

/**
 * For each listed player whose username another listed player shares (ignoring case and
 * surrounding spaces, as the merge tool does), the end of their Discord ID: its last 4
 * characters, or as many more as the group needs to tell its IDs apart. Players named once
 * get none. An account listed twice (a match's two voided lines) counts once.
 */
export function nameSuffixes(players: readonly NamedPlayer[]): Map<number, string> {
  const groups = new Map<string, Map<number, NamedPlayer>>();
  for (const player of players) {
    const key = usernameKey(player.username);
    const group = groups.get(key) ?? new Map<number, NamedPlayer>();
    group.set(player.id, player);
    groups.set(key, group);
  }
  const suffixes = new Map<number, string>();
  for (const group of groups.values()) {
    if (group.size < 2) continue;
    const members = [...group.values()];
    const ids = new Set(members.map((player) => player.discordId));
    const longest = Math.max(...members.map((player) => player.discordId.length));
    let length = DISCORD_SUFFIX_LENGTH;
    while (length < longest && new Set([...ids].map((id) => id.slice(-length))).size < ids.size) length += 1;
    for (const player of members) suffixes.set(player.id, player.discordId.slice(-length));
  }
  return suffixes;
}

/** The suffix as shown after the name. */
export function suffixText(tail: string): string {
  return `·…${tail}`;
}
