import type { Knex } from 'knex';
import { DEFAULT_SITE_SETTINGS, type SiteSettings, type SiteSettingsEvent } from '@team/contracts';
import { defineProjection, type Projection } from '../projection.js';

/** The site's settings: one row, the fields its changes have set (the defaults fill the rest when read). */
export const SITE_SETTINGS_TABLE = 'site_settings';

async function applySiteSettingsChanged(event: { data: SiteSettingsEvent['data'] }, trx: Knex.Transaction): Promise<void> {
  // jsonb's || keeps the fields a change left alone and replaces those it names.
  await trx.raw(
    `INSERT INTO ${SITE_SETTINGS_TABLE} (id, settings) VALUES (1, ?::jsonb)
     ON CONFLICT (id) DO UPDATE SET settings = ${SITE_SETTINGS_TABLE}.settings || EXCLUDED.settings`,
    [JSON.stringify(event.data.changes)],
  );
}

export const siteSettingsProjection: Projection = defineProjection<SiteSettingsEvent>({
  name: 'site-settings',
  tables: [SITE_SETTINGS_TABLE],
  migrations: [
    {
      name: '001_site_settings',
      async up(knex) {
        await knex.raw(`CREATE TABLE ${SITE_SETTINGS_TABLE} (id smallint PRIMARY KEY CHECK (id = 1), settings jsonb NOT NULL)`);
      },
    },
  ],
  handlers: { SiteSettingsChanged: applySiteSettingsChanged },
});

/** The settings now: the stored fields over the defaults (a field added to the product later reads as its default). */
export async function siteSettings(knex: Knex): Promise<SiteSettings> {
  const row = (await knex(SITE_SETTINGS_TABLE).where({ id: 1 }).first('settings')) as { settings: Partial<SiteSettings> } | undefined;
  return { ...DEFAULT_SITE_SETTINGS, ...(row?.settings ?? {}) };
}
