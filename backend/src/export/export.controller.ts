import { Controller, Get, Inject, Param, Req, Res, UseGuards } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { EVENT_POSITION_HEADER, IMPORT_TEMPLATES, type EventStore } from '@team/contracts';
import { AdminKeyGuard } from '../admin-access/admin-key.guard.js';
import { RequiresRole } from '../admin-access/admin-role.js';
import type { AppConfig } from '../config.js';
import { sendWhole, streamTo } from '../http/raw-response.js';
import { clientBudgetKey, type WebRequest } from '../http/request-facts.js';
import { APP_CONFIG, EVENT_STORE, LOGGER, READ_KNEX } from '../infrastructure/tokens.js';
import { LadderRepository } from '../ladder/runtime/ladder.repository.js';
import { NotFoundError } from '../shared/domain-errors.js';
import { eventsNdjson, matchesCsv, matchesJson, playersCsv } from './export-sources.js';
import { ExportSlots } from './export-slots.js';
import { matchExportSnapshot } from './match-snapshot.js';
import { EXPORT_DRAIN_TIMEOUT_MS, streamChunks } from './stream-lines.js';

/** Exports streaming at once in one process (one kept for admins): each holds a connection or reads the log for a while. */
const MAX_EXPORTS = 4;

const TYPES = { csv: 'text/csv; charset=utf-8', json: 'application/json; charset=utf-8', ndjson: 'application/x-ndjson; charset=utf-8' };

/**
 * The exports (docs/import-export.md): players (CSV) and matches (CSV and JSON, the import's
 * formats) are public, as the pages already show all of it; the raw event log (NDJSON) holds
 * audit metadata and is the admin's. Each streams with backpressure and names the log position
 * it was read at in X-Event-Position.
 */
@Controller('api')
export class ExportController {
  private readonly slots = new ExportSlots(MAX_EXPORTS);
  /** How long a client may leave a full buffer unread before its export is cut and its slot freed; tests lower it. */
  drainTimeoutMs = EXPORT_DRAIN_TIMEOUT_MS;
  /** An export's whole time (EXPORT_MAX_SECONDS), however steadily its client reads; tests lower it. */
  maxExportMs: number;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_KNEX) private readonly readKnex: Knex,
    @Inject(LadderRepository) private readonly ladder: LadderRepository,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.maxExportMs = config.exportMaxSeconds * 1000;
  }

  /** Exports streaming now. */
  get runningExports(): number {
    return this.slots.count;
  }

  @Get('export/players.csv')
  async players(@Req() request: WebRequest, @Res() response: ServerResponse): Promise<void> {
    await this.exporting(request, false, async () => {
      const { position, chunks } = await playersCsv(this.readKnex);
      return this.send(response, 'players.csv', TYPES.csv, position, chunks);
    });
  }

  @Get('export/matches.:format')
  async matches(@Param('format') format: string, @Req() request: WebRequest, @Res() response: ServerResponse): Promise<void> {
    if (format !== 'csv' && format !== 'json') throw new NotFoundError('The matches export is matches.csv or matches.json.');
    await this.exporting(request, false, async () => {
      const { position, voided } = await matchExportSnapshot(this.ladder, this.store);
      const chunks = format === 'csv' ? matchesCsv(this.store, position, voided) : matchesJson(this.store, position, voided);
      return this.send(response, `matches.${format}`, TYPES[format], position, chunks);
    });
  }

  @Get('admin/export/events.ndjson')
  @UseGuards(AdminKeyGuard)
  @RequiresRole('owner')
  async events(@Req() request: WebRequest, @Res() response: ServerResponse): Promise<void> {
    await this.exporting(request, true, async () => {
      const position = await this.store.headPosition();
      return this.send(response, 'events.ndjson', TYPES.ndjson, position, eventsNdjson(this.store, position));
    });
  }

  @Get('export/templates/:name')
  template(@Param('name') name: string, @Req() request: WebRequest, @Res() response: ServerResponse): void {
    const format = name === 'matches.csv' ? 'csv' : name === 'matches.json' ? 'json' : null;
    if (!format) throw new NotFoundError('No such template: ask for matches.csv or matches.json.');
    sendWhole(request, response, { type: TYPES[format], headers: { 'Content-Disposition': `attachment; filename="template-${name}"` }, body: IMPORT_TEMPLATES[format] });
  }

  /** Runs an export in a slot (export-slots.ts); one cut at its time limit is logged. */
  private async exporting(request: WebRequest, admin: boolean, run: () => Promise<{ name: string; outcome: string }>): Promise<void> {
    const address = clientBudgetKey(request);
    const release = this.slots.take(address, admin);
    try {
      const { name, outcome } = await run();
      if (outcome === 'expired') this.logger.warn({ export: name, address, admin, maxMs: this.maxExportMs }, 'export cut at its time limit (EXPORT_MAX_SECONDS)');
    } finally {
      release();
    }
  }

  private async send(response: ServerResponse, name: string, type: string, position: number, chunks: AsyncIterable<string>): Promise<{ name: string; outcome: string }> {
    // The file streams with backpressure (streamChunks).
    streamTo(response, 200, {
      'Content-Type': type,
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'no-store',
      [EVENT_POSITION_HEADER]: String(position),
    });
    const outcome = await streamChunks(response, chunks, { drainTimeoutMs: this.drainTimeoutMs, maxMs: this.maxExportMs });
    return { name, outcome };
  }
}
