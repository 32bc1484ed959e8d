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
];

/**
 * Creates the checkpoint table and every projection's read tables in `schema`. The knex
 * instance's search path must start with that schema, so the projections' unqualified
 * table names land there.
 */
export async function migrateReadModels(
  knex: Knex,
  projections: readonly Projection[],
  schema: string = READ_MODEL_SCHEMA,
): Promise<void> {
  await knex.raw(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  await migrateProjectorLeases(knex);
  await runMigrations(knex, 'read_model_migrations', [
    ...checkpointMigrations,
    ...projections.flatMap((p) => p.migrations.map((m) => ({ name: `${p.name}/${m.name}`, up: m.up }))),
  ], schema);
}
