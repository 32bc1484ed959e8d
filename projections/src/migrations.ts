import type { Knex } from 'knex';
import type { Migration } from './projection.js';

/**
 * Applies `migrations` in order through knex's migrator, recorded in `tableName`.
 * knex takes its own lock table, so concurrent starters do not race.
 */
export async function runMigrations(
  knex: Knex,
  tableName: string,
  migrations: readonly Migration[],
  schemaName?: string,
): Promise<void> {
  const byName = new Map(migrations.map((m) => [m.name, m]));
  if (byName.size !== migrations.length) throw new Error(`Duplicate migration names in ${tableName}`);
  await knex.migrate.latest({
    tableName,
    ...(schemaName ? { schemaName } : {}),
    migrationSource: {
      getMigrations: async () => migrations.map((m) => m.name),
      getMigrationName: (name: string) => name,
      getMigration: async (name: string) => ({
        up: (k: Knex) => byName.get(name)!.up(k),
        down: async () => {
          throw new Error('Read-model migrations are forward-only; rebuild instead.');
        },
      }),
    },
  });
}
