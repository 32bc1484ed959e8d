import type { Knex } from 'knex';
import {
  SYSTEM_PAGES,
  systemPageBySlug,
  type ContentBlock,
  type Page,
  type PageEvent,
  type PageWithBlocks,
} from '@team/contracts';
import { defineProjection, type Projection } from '../projection.js';

/**
 * Created pages. The system pages (home, about, roster) are not rows: they exist without
 * events (SYSTEM_PAGES), so the queries add them, and a rebuild can never lose them.
 */
interface PageRow {
  id: number;
  slug: string;
  title: string;
}

/** Blocks of every page, system pages included. */
interface ContentBlockRow {
  id: number;
  page_id: number;
  block_type: ContentBlock['blockType'];
  layout: ContentBlock['layout'];
  sort_order: number;
  padding: ContentBlock['padding'];
  text_align: ContentBlock['textAlign'];
  title: string | null;
  content: string | null;
  video_url: string | null;
  image_url: string | null;
  button_text: string | null;
  button_url: string | null;
  button_style: ContentBlock['buttonStyle'];
}

const PAGES = 'pages';
const BLOCKS = 'content_blocks';

function toBlockRow(block: ContentBlock): ContentBlockRow {
  return {
    id: block.id,
    page_id: block.pageId,
    block_type: block.blockType,
    layout: block.layout,
    sort_order: block.order,
    padding: block.padding,
    text_align: block.textAlign,
    title: block.title,
    content: block.content,
    video_url: block.videoUrl,
    image_url: block.imageUrl,
    button_text: block.buttonText,
    button_url: block.buttonUrl,
    button_style: block.buttonStyle,
  };
}

function toBlock(row: ContentBlockRow): ContentBlock {
  return {
    id: row.id,
    pageId: row.page_id,
    blockType: row.block_type,
    layout: row.layout,
    order: row.sort_order,
    padding: row.padding,
    textAlign: row.text_align,
    title: row.title,
    content: row.content,
    videoUrl: row.video_url,
    imageUrl: row.image_url,
    buttonText: row.button_text,
    buttonUrl: row.button_url,
    buttonStyle: row.button_style,
  };
}

const toPage = (row: PageRow): Page => ({ id: row.id, slug: row.slug, title: row.title, isSystem: false });

export const pagesProjection: Projection = defineProjection<PageEvent>({
  name: 'pages',
  tables: [PAGES, BLOCKS],
  migrations: [
    {
      name: '001_pages_and_blocks',
      async up(knex: Knex) {
        await knex.schema.createTable(PAGES, (table) => {
          table.integer('id').primary();
          // Not unique here: the write side guarantees it, and a projection must never refuse an event.
          table.text('slug').notNullable().index();
          table.text('title').notNullable();
        });
        await knex.schema.createTable(BLOCKS, (table) => {
          table.integer('id').primary();
          table.integer('page_id').notNullable().index();
          table.text('block_type').notNullable();
          table.text('layout').notNullable();
          table.integer('sort_order').notNullable();
          table.text('padding').notNullable();
          table.text('text_align').notNullable();
          table.text('title');
          table.text('content');
          table.text('video_url');
          table.text('image_url');
          table.text('button_text');
          table.text('button_url');
          table.text('button_style');
        });
      },
    },
  ],
  handlers: {
    async PageCreated({ data }, trx) {
      // System pages are built in; a PageCreated for one (none is appended today) adds nothing.
      if (!data.isSystem) await trx(PAGES).insert({ id: data.id, slug: data.slug, title: data.title });
    },
    async PageDeleted({ data }, trx) {
      await trx(BLOCKS).where({ page_id: data.id }).delete();
      await trx(PAGES).where({ id: data.id }).delete();
    },
    async PageRestored({ data }, trx) {
      const { id, slug, title, blocks } = data;
      // Merge rather than insert: a projection must never refuse an event.
      await trx(PAGES).insert({ id, slug, title }).onConflict('id').merge();
      await trx(BLOCKS).where({ page_id: id }).delete();
      if (blocks.length > 0) await trx(BLOCKS).insert(blocks.map(toBlockRow)).onConflict('id').merge();
    },
    async ContentBlockSaved({ data }, trx) {
      await trx(BLOCKS).insert(toBlockRow(data.block)).onConflict('id').merge();
    },
    async ContentBlockDeleted({ data }, trx) {
      await trx(BLOCKS).where({ id: data.block.id }).delete();
    },
  },
});

/** GET /api/pages: the system pages first, then created pages in creation order. */
export async function getPages(knex: Knex): Promise<Page[]> {
  const rows = await knex<PageRow>(PAGES).orderBy('id');
  return [...SYSTEM_PAGES, ...rows.map(toPage)];
}

/** The live page with this slug, if any (the lowest id should two ever share one). */
export async function findPageBySlug(knex: Knex, slug: string): Promise<Page | null> {
  const system = systemPageBySlug(slug);
  if (system) return system;
  const row = await knex<PageRow>(PAGES).where({ slug }).orderBy('id').first();
  return row ? toPage(row) : null;
}

/** GET /api/pages/{slug}: the page with its blocks in display order. */
export async function getPageWithBlocks(knex: Knex, slug: string): Promise<PageWithBlocks | null> {
  const page = await findPageBySlug(knex, slug);
  if (!page) return null;
  const rows = await knex<ContentBlockRow>(BLOCKS)
    .where({ page_id: page.id })
    .orderBy([{ column: 'sort_order' }, { column: 'id' }]);
  return { ...page, contentBlocks: rows.map(toBlock) };
}

/** Which page a block id belongs to, so a command knows which stream to load. */
export async function findContentBlock(knex: Knex, id: number): Promise<ContentBlock | null> {
  const row = await knex<ContentBlockRow>(BLOCKS).where({ id }).first();
  return row ? toBlock(row) : null;
}
