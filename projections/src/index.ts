// The projections package's public surface: the projector, the read models' queries, migrations.
export * from './projection.js';
export * from './migrations.js';
export * from './projector.js';
export * from './checkpoint.js';
export * from './read-model-schema.js';
export * from './projector-lock.js';
export * from './poison-events.js';
export * from './read-models.js';
export * from './rebuild.js';
export * from './rebuild-reads.js';
export * from './set-aside-events.js';
export * from './players/players.projection.js';
export * from './players/players.queries.js';
export * from './matches/matches.projection.js';
export * from './matches/matches.queries.js';
export * from './content-sections/content-sections.projection.js';
export * from './pages/pages.projection.js';
