import { Controller, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import {
  importFormatOf,
  textProblem,
  type ImportDryRunReport,
  type ImportPlan,
  type ImportProgress,
} from '@team/contracts';
import { AdminKeyGuard } from '../../admin-access/admin-key.guard.js';
import { RequiresRole } from '../../admin-access/admin-role.js';
import { AuditContextFactory } from '../../http/audit-context.js';
import { sendWhole, streamTo } from '../../http/raw-response.js';
import { headerOf, type WebRequest } from '../../http/request-facts.js';
import { PublicWriteGuard } from '../../http/public-write.guard.js';
import { InvalidInputError } from '../../shared/domain-errors.js';
import { ImportMatchesService } from './import-matches.service.js';

export const IMPORT_PATH = '/api/admin/import';
const MAX_FILE_NAME_LENGTH = 200;

/** The uploaded file's name, from X-File-Name (percent-encoded, so any name fits a header). */
function fileNameOf(request: WebRequest): string {
  const raw = headerOf(request, 'x-file-name');
  let name: string;
  try {
    name = decodeURIComponent(raw ?? '').trim();
  } catch {
    throw new InvalidInputError('The X-File-Name header must be the file name, percent-encoded.');
  }
  if (name === '') throw new InvalidInputError('Name the file in the X-File-Name header (the audit log shows it).');
  if (name.length > MAX_FILE_NAME_LENGTH || textProblem(name, { multiline: false })) {
    throw new InvalidInputError(`The file name must be 1 to ${MAX_FILE_NAME_LENGTH} characters of plain text.`);
  }
  return name;
}

function fileTextOf(request: WebRequest): string {
  const body: unknown = request.body;
  if (typeof body !== 'string' || body.trim() === '') {
    throw new InvalidInputError('Send the file as the request body (text/csv, application/json or application/x-ndjson).');
  }
  return body;
}

/** The 400 of an import refused by its dry run: every problem as "line 4, username: …". */
function refusal(plan: ImportPlan): InvalidInputError {
  const { problems, moreProblems, locator } = plan.report;
  const count = problems.length + moreProblems;
  return new InvalidInputError(
    `The file has ${count} problem${count === 1 ? '' : 's'}; nothing was imported. Run a dry run for the report.`,
    [
      ...problems.map((p) => `${locator} ${p.line}${p.field ? `, ${p.field}` : ''}: ${p.message}`),
      ...(moreProblems > 0 ? [`… and ${moreProblems} more.`] : []),
    ],
  );
}

/**
 * POST /api/admin/import: historical matches from a CSV or JSON file (docs/import-export.md).
 * With ?dryRun=true it answers the check's report and writes nothing; otherwise a file with any
 * problem is refused (400, nothing appended), and a good one is recorded while the answer
 * streams its progress as NDJSON lines.
 */
@Controller('api/admin/import')
@UseGuards(AdminKeyGuard)
@RequiresRole('moderator')
export class ImportMatchesController {
  constructor(
    private readonly imports: ImportMatchesService,
    private readonly audit: AuditContextFactory,
  ) {}

  @Post()
  @UseGuards(PublicWriteGuard)
  async import(
    @Req() request: WebRequest,
    @Res() response: ServerResponse,
    @Query('dryRun') dryRun: string | undefined,
    @Query('backdated') backdatedParam: string | undefined,
  ): Promise<void> {
    const file = fileNameOf(request);
    const text = fileTextOf(request);
    const format = importFormatOf(file, headerOf(request, 'content-type'), text);
    const backdated = flag(backdatedParam);
    if (flag(dryRun)) {
      const plan = await this.imports.plan(text, file, format, backdated);
      if (plan.tooLarge) throw new InvalidInputError(plan.tooLarge);
      sendWhole(request, response, { type: 'application/json; charset=utf-8', body: JSON.stringify(plan.report satisfies ImportDryRunReport) });
      return;
    }
    // The progress streams, a line per step, once the plan is accepted.
    const send = (progress: ImportProgress) => {
      response.write(`${JSON.stringify(progress)}\n`);
    };
    try {
      await this.imports.run(text, file, format, this.audit.contextFor(request, 'admin'), send, (plan) => {
        if (plan.tooLarge) throw new InvalidInputError(plan.tooLarge);
        if (!plan.report.ok) throw refusal(plan);
        // no-transform: compression would hold the progress lines back until the end.
        streamTo(response, 200, { 'Content-Type': 'application/x-ndjson; charset=utf-8', 'Cache-Control': 'no-store, no-transform' });
      }, backdated);
    } catch (error) {
      if (!response.headersSent) throw error;
      // Past the headers the stream itself says what went wrong.
      send({ type: 'failed', done: 0, total: 0, recorded: 0, skipped: 0, line: 0, matchKey: '', error: 'The import stopped: the server could not go on. Run it again to resume.' });
    }
    response.end();
  }
}

/** A boolean query flag: `true` or `1`. */
function flag(value: string | undefined): boolean {
  return value === 'true' || value === '1';
}
