import type { Knex } from 'knex';
import type { PlayerProfile, PlayerProfileEvent, PlayerSocials } from '@team/contracts';
import { defineProjection, type Projection } from '../projection.js';

/** One row per player a moderator set a profile for (issue 42); a player without one has no row. */
export const PLAYER_PROFILES_TABLE = 'player_profiles';

interface PlayerProfileRow {
  player_id: number;
  avatar_url: string | null;
  socials: PlayerSocials;
}

export const playerProfilesProjection: Projection = defineProjection<PlayerProfileEvent>({
  name: 'player-profiles',
  tables: [PLAYER_PROFILES_TABLE],
  migrations: [
    {
      name: '001_player_profiles',
      async up(knex: Knex) {
        await knex.schema.createTable(PLAYER_PROFILES_TABLE, (table) => {
          table.integer('player_id').primary();
          table.text('avatar_url');
          table.jsonb('socials').notNullable().defaultTo('{}');
        });
      },
    },
  ],
  handlers: {
    async PlayerProfileEdited({ data }, trx) {
      const changes: Partial<PlayerProfileRow> = {};
      if (data.changes.avatarUrl !== undefined) changes.avatar_url = data.changes.avatarUrl;
      // jsonb from a string: knex would send an object as a record, not JSON.
      const socials = data.changes.socials === undefined ? undefined : JSON.stringify(data.changes.socials);
      await trx(PLAYER_PROFILES_TABLE)
        .insert({ player_id: data.playerId, avatar_url: changes.avatar_url ?? null, socials: socials ?? '{}' })
        .onConflict('player_id')
        .merge({ ...changes, ...(socials === undefined ? {} : { socials }) });
    },
  },
});

/** The profiles of `playerIds` that have one, by player id. */
export async function getPlayerProfiles(knex: Knex, playerIds: readonly number[]): Promise<Map<number, PlayerProfile>> {
  if (playerIds.length === 0) return new Map();
  const rows = await knex<PlayerProfileRow>(PLAYER_PROFILES_TABLE).whereIn('player_id', playerIds);
  return new Map(rows.map((row) => [row.player_id, { playerId: row.player_id, avatarUrl: row.avatar_url, socials: row.socials }]));
}
