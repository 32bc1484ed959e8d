import type { Knex } from 'knex';
import {
  type ContentPage,
  type ContentSection,
  type ContentSectionEvent,
} from '@team/contracts';
import { defineProjection, type Projection } from '../projection.js';

/** One row per live section of the content editor's pages (home, about, roster). */
interface ContentSectionRow {
  id: number;
  page: ContentPage;
  section: string;
  title: string;
  content: string;
  image_url: string | null;
  /** A roster card's tracker player (issue 42), null for a card naming nobody. */
  player_id: number | null;
  /** Display position within the page; gaps are fine, ties break by id. */
  sort_order: number;
}

const TABLE = 'content_sections';

function toRow(section: ContentSection): ContentSectionRow {
  return {
    id: section.id,
    page: section.page,
    section: section.section,
    title: section.title,
    content: section.content,
    image_url: section.imageUrl,
    player_id: section.playerId ?? null,
    sort_order: section.order,
  };
}

function toSection(row: ContentSectionRow): ContentSection {
  return {
    id: row.id,
    page: row.page,
    section: row.section,
    title: row.title,
    content: row.content,
    imageUrl: row.image_url,
    // Absent rather than null, as the events leave it: the answers of cards naming nobody are unchanged.
    ...(row.player_id === null ? {} : { playerId: row.player_id }),
    order: row.sort_order,
  };
}

export const contentSectionsProjection: Projection = defineProjection<ContentSectionEvent>({
  name: 'content-sections',
  tables: [TABLE],
  migrations: [
    {
      name: '001_content_sections',
      async up(knex: Knex) {
        await knex.schema.createTable(TABLE, (table) => {
          table.integer('id').primary();
          table.text('page').notNullable();
          table.text('section').notNullable();
          table.text('title').notNullable();
          table.text('content').notNullable();
          table.text('image_url');
          table.integer('sort_order').notNullable();
          table.index(['page', 'sort_order']);
        });
      },
    },
    {
      name: '002_content_section_player',
      // No replay: the field is new, so no earlier event names a player.
      async up(knex: Knex) {
        await knex.schema.alterTable(TABLE, (table) => {
          table.integer('player_id');
        });
      },
    },
  ],
  handlers: {
    async ContentSectionCreated({ data }, trx) {
      await trx(TABLE).insert(toRow(data));
    },
    async ContentEdited({ data }, trx) {
      const { title, content, imageUrl, playerId } = data.after;
      const changes: Partial<ContentSectionRow> = {};
      if (title !== undefined) changes.title = title;
      if (content !== undefined) changes.content = content;
      if (imageUrl !== undefined) changes.image_url = imageUrl;
      if (playerId !== undefined) changes.player_id = playerId;
      if (Object.keys(changes).length > 0) await trx(TABLE).where({ id: data.id }).update(changes);
    },
    async ContentSectionDeleted({ data }, trx) {
      await trx(TABLE).where({ id: data.id }).delete();
    },
    async ContentSectionRestored({ data }, trx) {
      // Merge rather than insert: a projection must never refuse an event.
      await trx(TABLE).insert(toRow(data)).onConflict('id').merge();
    },
    async ContentSectionsReordered({ data }, trx) {
      for (const [index, id] of data.after.entries()) {
        await trx(TABLE).where({ id, page: data.page }).update({ sort_order: index });
      }
    },
  },
});

/** GET /api/content/{page}: the page's sections in display order. */
export async function getContentSections(knex: Knex, page: ContentPage): Promise<ContentSection[]> {
  const rows = await knex<ContentSectionRow>(TABLE).where({ page }).orderBy([{ column: 'sort_order' }, { column: 'id' }]);
  return rows.map(toSection);
}

/** Which page a section id belongs to, so a command knows which stream to load. */
export async function findContentSection(knex: Knex, id: number): Promise<ContentSection | null> {
  const row = await knex<ContentSectionRow>(TABLE).where({ id }).first();
  return row ? toSection(row) : null;
}
