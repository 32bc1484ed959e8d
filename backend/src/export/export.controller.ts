import { Controller, Get, Inject, Param, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiProduces, ApiResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Knex } from 'knex';
import { EVENT_POSITION_HEADER, IMPORT_TEMPLATES, type EventStore } from '@team/contracts';
import { AdminKeyGuard } from '../admin-access/admin-key.guard.js';
import { EVENT_STORE, READ_KNEX } from '../infrastructure/tokens.js';
import { NotFoundError, ServiceUnavailableError } from '../shared/domain-errors.js';
import { eventsNdjson, matchesCsv, matchesJson, playersCsv } from './export-sources.js';
import { EXPORT_DRAIN_TIMEOUT_MS, streamChunks } from './stream-lines.js';

/** Exports streaming at once in one process: each holds a connection or reads the log for a while. */
const MAX_EXPORTS = 4;

const TYPES = { csv: 'text/csv; charset=utf-8', json: 'application/json; charset=utf-8', ndjson: 'application/x-ndjson; charset=utf-8' };

/**
 * The exports (docs/import-export.md): players (CSV) and matches (CSV and JSON, the import's
 * formats) are public, as the pages already show all of it; the raw event log (NDJSON) holds
 * audit metadata and is the admin's. Each streams with backpressure and names the log position
 * it was read at in X-Event-Position.
 */
@ApiTags('import and export')
@Controller('api')
export class ExportController {
  private running = 0;
  /** How long a client may leave a full buffer unread before its export is cut and its slot freed; tests lower it. */
  drainTimeoutMs = EXPORT_DRAIN_TIMEOUT_MS;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_KNEX) private readonly readKnex: Knex,
  ) {}

  @Get('export/players.csv')
  @ApiOperation({ summary: 'Export the players (CSV)', description: 'Columns: id, discord_id, username, elo, wins, losses, matches, kills, deaths, assists, score, merged_into. X-Event-Position: the read model position.' })
  @ApiProduces('text/csv')
  @ApiResponse({ status: 200, description: 'The CSV file, streamed' })
  @ApiResponse({ status: 503, description: 'Too many exports at once' })
  async players(@Res() response: Response): Promise<void> {
    await this.exporting(async () => {
      const { position, chunks } = await playersCsv(this.readKnex);
      await this.send(response, 'players.csv', TYPES.csv, position, chunks);
    });
  }

  @Get('export/matches.:format')
  @ApiOperation({
    summary: 'Export the matches with their players (CSV or JSON, the import format)',
    description: 'Every recorded match that is not voided, in log order, as the import reads it: an export imports into an empty site and gives the same leaderboard.',
  })
  @ApiParam({ name: 'format', enum: ['csv', 'json'] })
  @ApiProduces('text/csv', 'application/json')
  @ApiResponse({ status: 200, description: 'The file, streamed' })
  @ApiResponse({ status: 404, description: 'Another format' })
  async matches(@Param('format') format: string, @Res() response: Response): Promise<void> {
    if (format !== 'csv' && format !== 'json') throw new NotFoundError('The matches export is matches.csv or matches.json.');
    await this.exporting(async () => {
      const position = await this.store.headPosition();
      const chunks = format === 'csv' ? matchesCsv(this.store, position) : matchesJson(this.store, position);
      await this.send(response, `matches.${format}`, TYPES[format], position, chunks);
    });
  }

  @Get('admin/export/events.ndjson')
  @UseGuards(AdminKeyGuard)
  @ApiSecurity('admin-key')
  @ApiOperation({ summary: 'Export the raw event log (NDJSON, admin)', description: 'One line per event: { position, streamId, revision, id, type, data, metadata }, up to X-Event-Position.' })
  @ApiProduces('application/x-ndjson')
  @ApiResponse({ status: 200, description: 'The log, streamed' })
  @ApiResponse({ status: 401, description: 'Missing or wrong admin key' })
  async events(@Res() response: Response): Promise<void> {
    await this.exporting(async () => {
      const position = await this.store.headPosition();
      await this.send(response, 'events.ndjson', TYPES.ndjson, position, eventsNdjson(this.store, position));
    });
  }

  @Get('export/templates/:name')
  @ApiOperation({ summary: 'Download an import template' })
  @ApiParam({ name: 'name', enum: ['matches.csv', 'matches.json'] })
  @ApiResponse({ status: 200, description: 'The template: two matches in the import format' })
  @ApiResponse({ status: 404, description: 'No such template' })
  template(@Param('name') name: string, @Res() response: Response): void {
    const format = name === 'matches.csv' ? 'csv' : name === 'matches.json' ? 'json' : null;
    if (!format) throw new NotFoundError('No such template: ask for matches.csv or matches.json.');
    response.setHeader('Content-Type', TYPES[format]);
    response.setHeader('Content-Disposition', `attachment; filename="template-${name}"`);
    response.send(IMPORT_TEMPLATES[format]);
  }

  private async exporting(run: () => Promise<void>): Promise<void> {
    if (this.running >= MAX_EXPORTS) throw new ServiceUnavailableError('Too many exports are running. Try again in a moment.');
    this.running++;
    try {
      await run();
    } finally {
      this.running--;
    }
  }

  private async send(response: Response, name: string, type: string, position: number, chunks: AsyncIterable<string>): Promise<void> {
    response.status(200);
    response.setHeader('Content-Type', type);
    response.setHeader('Content-Disposition', `attachment; filename="${name}"`);
    response.setHeader('Cache-Control', 'no-store');
    response.setHeader(EVENT_POSITION_HEADER, String(position));
    await streamChunks(response, chunks, { drainTimeoutMs: this.drainTimeoutMs });
  }
}
