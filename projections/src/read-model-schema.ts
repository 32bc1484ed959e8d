import type { Knex } from 'knex';
import { runMigrations } from './migrations.js';
import { migrateProjectorLeases } from './projector-lock.js';
import type { Projection } from './projection.js';

/** The schema the live read tables are in; a rebuild builds `${READ_MODEL_SCHEMA}_next` beside it. */
export const READ_MODEL_SCHEMA = 'read_models';

export const checkpointMigrations = [
  {
    name: '001_projection_checkpoints',
    async up(knex: Knex) {
      await knex.raw(`
        CREATE TABLE projection_checkpoints (
          name       text PRIMARY KEY,
          position   bigint      NOT NULL DEFAULT 0,
          last_error text,
          updated_at timestamptz NOT NULL DEFAULT now()
        )`);
    },
  },
  {
    // Which position the projector is stuck on and since when, in the table rather than in
    // the projector's memory: health and Operations read it from any API process.
    name: '002_projection_checkpoint_failing',
    async up(knex: Knex) {
      await knex.raw(`
        ALTER TABLE projection_checkpoints
          ADD COLUMN failing_position bigint,
          ADD COLUMN failing_since    timestamptz`);
    },
  },
  {
    // Why the read tables must be replayed before they can be trusted (null: they can). A
    // rebuild's fresh tables come without it, so the swap clears it.
    name: '003_projection_checkpoint_replay_required',
    async up(knex: Knex) {
      await knex.raw('ALTER TABLE projection_checkpoints ADD COLUMN replay_required text');
    },
  },
];

const MIGRATIONS_TABLE = 'read_model_migrations';

/**
 * Creates the checkpoint table and every projection's read tables in `schema`. The knex
 * instance's search path must start with that schema, so the projections' unqualified
 * table names land there.
 *
 * An upgrade can bring a read model that events already in the log should have filled (a new
 * one, or one whose handlers changed: its migration says `replay`). Its tables would quietly
 * lack everything before the checkpoint, so every checkpoint already past the log's start is
 * marked `replay_required` with the migrations' names; whoever starts the app rebuilds then
 * (see the backend's RebuildService), and the swap brings a checkpoint without the mark.
 */
export async function migrateReadModels(
  knex: Knex,
  projections: readonly Projection[],
  schema: string = READ_MODEL_SCHEMA,
): Promise<void> {
  await knex.raw(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  await migrateProjectorLeases(knex);
  const migrations = [
    ...checkpointMigrations.map((m) => ({ ...m, replay: false })),
    ...projections.flatMap((p) =>
      p.migrations.map((m, index) => ({ name: `${p.name}/${m.name}`, up: m.up, replay: m.replay ?? index === 0 })),
    ),
  ];
  const applied = await appliedMigrations(knex, schema);
  await runMigrations(knex, MIGRATIONS_TABLE, migrations, schema);
  const needReplay = migrations.filter((m) => m.replay && !applied.has(m.name)).map((m) => m.name);
  if (needReplay.length === 0) return;
  await knex.raw(
    `UPDATE ${schema}.projection_checkpoints
        SET replay_required = concat_ws(', ', replay_required, ?::text)
      WHERE position > 0`,
    [`new read-model migrations: ${needReplay.join(', ')}`],
  );
}

/** The migrations already recorded in `schema` (none on a new database). */
async function appliedMigrations(knex: Knex, schema: string): Promise<Set<string>> {
  const found = await knex.raw(`SELECT to_regclass(?) AS name`, [`${schema}.${MIGRATIONS_TABLE}`]);
  if (found.rows[0].name === null) return new Set();
  const rows = await knex.withSchema(schema).select('name').from(MIGRATIONS_TABLE);
  return new Set(rows.map((row: { name: string }) => row.name));
}

/** Why the read tables behind checkpoint `name` must be rebuilt before they can be trusted, or null. */
export async function replayRequired(knex: Knex, name: string): Promise<string | null> {
  const row = await knex('projection_checkpoints').where({ name }).first('replay_required');
  return row?.replay_required ?? null;
}
