import { Inject, Injectable, Module, type OnModuleInit } from '@nestjs/common';
import type { Knex } from 'knex';
import { FIRST_CREATED_PAGE_ID } from '@team/contracts';
import { KNEX } from '../../infrastructure/tokens.js';

export type CmsIdKind = 'section' | 'page' | 'block';

/**
 * Sequences in the `public` schema, beside the event log: the read-model schema is swapped
 * out by a rebuild, and ids must never be handed out twice. Created pages start after the
 * built-in system pages.
 */
const SEQUENCES: Record<CmsIdKind, { name: string; start: number }> = {
  section: { name: 'public.cms_section_ids', start: 1 },
  page: { name: 'public.cms_page_ids', start: FIRST_CREATED_PAGE_ID },
  block: { name: 'public.cms_block_ids', start: 1 },
};

/** duplicate_table, unique_violation: another process created the sequence at the same moment. */
const ALREADY_CREATED = new Set(['42P07', '23505']);

/**
 * The id source of sections, pages and blocks. A Postgres sequence hands every process a
 * different number without coordination, so two API instances never build events with the
 * same id; numbers lost to a failed append only leave gaps.
 */
@Injectable()
export class CmsIds implements OnModuleInit {
  constructor(@Inject(KNEX) private readonly knex: Knex) {}

  async onModuleInit(): Promise<void> {
    for (const { name, start } of Object.values(SEQUENCES)) {
      try {
        await this.knex.raw(`CREATE SEQUENCE IF NOT EXISTS ${name} START WITH ${start}`);
      } catch (error) {
        if (!ALREADY_CREATED.has((error as { code?: string }).code ?? '')) throw error;
      }
    }
  }

  async next(kind: CmsIdKind): Promise<number> {
    const result = await this.knex.raw<{ rows: { id: string }[] }>('SELECT nextval(?::regclass) AS id', [SEQUENCES[kind].name]);
    // nextval is bigint, which pg hands over as a string.
    return Number(result.rows[0]!.id);
  }
}

/** Imported by the content and pages modules, so both share one CmsIds. */
@Module({ providers: [CmsIds], exports: [CmsIds] })
export class CmsIdsModule {}
