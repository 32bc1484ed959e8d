import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import {
  importIdempotencyKey,
  MODES,
  planImport,
  type AppendContext,
  type ImportFormat,
  type ImportPlan,
  type ImportProgress,
  type RecordMatchResponse,
} from '@team/contracts';
import type { EventLogReaders } from '../../event-store/event-log-readers.js';
import { CLOCK, EVENT_LOG_READERS, KNEX, type Clock } from '../../infrastructure/tokens.js';
import { ProjectionWaiter } from '../../projector/projection-waiter.js';
import { ConflictError, DomainError } from '../../shared/domain-errors.js';
import { LadderRepository } from '../ladder.repository.js';
import { RecordMatchCommand } from '../record-match/record-match.command.js';

/**
 * Matches sent to the ladder at a time: its queue decides and appends up to 64 commands
 * together (one commit), so a chunk of that size is one append, and progress is told per chunk.
 */
const CHUNK = 64;
/** pg_try_advisory_xact_lock's key for "an import is running", across every API process. */
const IMPORT_LOCK = 0x1_4d9_0415;
const KEY_PREFIX = importIdempotencyKey('');

/**
 * The import of historical matches (docs/import-export.md). Each match goes through the
 * record-match command, as POST /api/matches does, with its `playedAt` as the decision's time,
 * `import:{matchKey}` as its Idempotency-Key and the file in the event's metadata. Keys are
 * honoured only for a window, and imported matches are dated in the past: so an import asks the
 * log which keys exist (RecordedKeyLog) and leaves those matches out. That makes a second run
 * record nothing and a run after an interruption record the rest; one import runs at a time.
 */
@Injectable()
export class ImportMatchesService {
  constructor(
    private readonly commands: CommandBus,
    private readonly ladder: LadderRepository,
    private readonly waiter: ProjectionWaiter,
    @Inject(EVENT_LOG_READERS) private readonly readers: EventLogReaders,
    @Inject(KNEX) private readonly knex: Knex,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The dry run: the file checked against the ladder as it is now; nothing is written. */
  async plan(text: string, file: string, format: ImportFormat): Promise<ImportPlan> {
    const [notBefore, keys] = await Promise.all([this.ladder.latestEventTime(), this.readers.recordedKeys.recordedKeys(KEY_PREFIX)]);
    const imported = new Set([...keys].map((key) => key.slice(KEY_PREFIX.length)));
    return planImport(text, { file, format, modes: MODES, now: this.clock(), notBefore, imported });
  }

  /**
   * Records a file's matches in `playedAt` order, telling progress after each chunk; stops at
   * the first match the ladder refuses (what it recorded stands: a rerun records the rest).
   * Plans again inside the lock, so a concurrent import or match cannot slip in between.
   */
  async run(
    text: string,
    file: string,
    format: ImportFormat,
    context: AppendContext,
    onProgress: (progress: ImportProgress) => void,
    onPlanned: (plan: ImportPlan) => void,
  ): Promise<void> {
    const started = Date.now();
    await this.knex.transaction(async (lock) => {
      const { rows } = await lock.raw('SELECT pg_try_advisory_xact_lock(?) AS ok', [IMPORT_LOCK]);
      if (!rows[0].ok) throw new ConflictError('Another import is running. Try again when it has finished.');
      const plan = await this.plan(text, file, format);
      onPlanned(plan);
      if (!plan.report.ok) return;
      const total = plan.report.matches;
      let done = plan.report.alreadyImported;
      let recorded = 0;
      let position = 0;
      onProgress({ type: 'progress', done, total, recorded, skipped: done });
      for (let start = 0; start < plan.toRecord.length; start += CHUNK) {
        const chunk = plan.toRecord.slice(start, start + CHUNK);
        const results = await Promise.allSettled(
          chunk.map((match) =>
            this.commands.execute<RecordMatchCommand, RecordMatchResponse>(
              new RecordMatchCommand(
                match.request,
                { ...context, recordedAt: match.playedAt, imported: { file, matchKey: match.matchKey } },
                importIdempotencyKey(match.matchKey),
              ),
            ),
          ),
        );
        for (const [i, result] of results.entries()) {
          if (result.status === 'fulfilled') {
            recorded++;
            done++;
            position = Math.max(position, result.value.position);
            continue;
          }
          const failed = chunk[i]!;
          const error = result.reason instanceof DomainError ? result.reason.message : 'The ladder could not record this match.';
          // The rest of the chunk was decided after it; what the ladder recorded stands.
          const laterRecorded = results.slice(i + 1).filter((later) => later.status === 'fulfilled').length;
          recorded += laterRecorded;
          done += laterRecorded;
          await this.settle(position);
          onProgress({ type: 'failed', done, total, recorded, skipped: plan.report.alreadyImported, line: failed.line, matchKey: failed.matchKey, error });
          return;
        }
        onProgress({ type: 'progress', done, total, recorded, skipped: plan.report.alreadyImported });
      }
      await this.settle(position);
      onProgress({ type: 'done', done, total, recorded, skipped: plan.report.alreadyImported, position, ms: Date.now() - started });
    });
  }

  /** Read-your-writes for the whole import: the read tables hold its matches before it says done. */
  private async settle(position: number): Promise<void> {
    if (position > 0) await this.waiter.waitFor(position, 120_000);
  }
}
