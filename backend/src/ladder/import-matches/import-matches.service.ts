import { Inject, Injectable } from '@nestjs/common';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { CommandBus } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import {
  importIdempotencyKey,
  MODES,
  planImportInSlices,
  type AppendContext,
  type ImportFormat,
  type ImportPlan,
  type ImportProgress,
  type RecordMatchResponse,
} from '@team/contracts';
import { CLOCK, KNEX, type Clock } from '../../infrastructure/tokens.js';
import { LADDER_LOG, type RecordedKeyLog } from '../runtime/ladder-log.js';
import { ProjectionWaiter } from '../../projector/projection-waiter.js';
import { ConflictError, DomainError } from '../../shared/domain-errors.js';
import { LadderRepository } from '../runtime/ladder.repository.js';
import type { CommandSequence } from '../runtime/ladder-command-queue.js';
import type { LadderState } from '../ladder.state.js';
import { RecordMatchCommand, recordMatchRequestHash } from '../record-match/record-match.command.js';

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
    @Inject(LADDER_LOG) private readonly ladderLog: RecordedKeyLog,
    @Inject(KNEX) private readonly knex: Knex,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The dry run: the file checked against the ladder as it is now; nothing is written. */
  async plan(text: string, file: string, format: ImportFormat, backdated = false): Promise<ImportPlan> {
    const [notBefore, keys, aliases] = await Promise.all([
      this.ladder.latestEventTime(),
      this.ladderLog.recordedKeyHashes(KEY_PREFIX),
      this.ladder.read(aliasesOf),
    ]);
    const imported = new Map([...keys].map(([key, hash]) => [key.slice(KEY_PREFIX.length), hash]));
    const planning = planImportInSlices(text, { file, format, modes: MODES, now: this.clock(), notBefore, backdated, imported, aliases, requestHash: recordMatchRequestHash });
    // Checked in slices of a few milliseconds with the event loop's turn between them: a 32 MB
    // file of any shape held it for 10–36 s in one go, and every visitor, heartbeat and health check with it.
    for (;;) {
      const step = planning.next();
      if (step.done) return step.value;
      await nextTurn();
    }
  }

  /**
   * Records a file's matches in `playedAt` order, telling progress after each chunk; stops at
   * the first match the ladder refuses, recording none after it (what it recorded stands: a
   * rerun of the fixed file records the rest). Plans again inside the lock, so a concurrent
   * import cannot slip in between; a match recorded meanwhile (by a POST /api/matches, or by
   * another process) is caught when the ladder decides: an imported match played before the
   * ladder's latest event is refused there (ladder-batch.ts).
   */
  async run(
    text: string,
    file: string,
    format: ImportFormat,
    context: AppendContext,
    onProgress: (progress: ImportProgress) => void,
    onPlanned: (plan: ImportPlan) => void,
    backdated = false,
  ): Promise<void> {
    const started = Date.now();
    await this.knex.transaction(async (lock) => {
      const { rows } = await lock.raw('SELECT pg_try_advisory_xact_lock(?) AS ok', [IMPORT_LOCK]);
      if (!rows[0].ok) throw new ConflictError('Another import is running. Try again when it has finished.');
      const plan = await this.plan(text, file, format, backdated);
      // Older history: every match of the file is rated now, in played order, after what the
      // ladder holds; each keeps when it was played (MatchRecorded.playedAt). One time for all of
      // them keeps the ladder's times in log order, which time travel by date reads.
      const ratedAt = plan.report.backdated > 0 ? this.clock() : null;
      onPlanned(plan);
      if (!plan.report.ok) return;
      const total = plan.report.matches;
      let done = plan.report.alreadyImported;
      let recorded = 0;
      let position = 0;
      onProgress({ type: 'progress', done, total, recorded, skipped: done });
      // Once the ladder refuses one match, it refuses the later ones unheard: none is recorded after it.
      const sequence: CommandSequence = { refused: false };
      for (let start = 0; start < plan.toRecord.length; start += CHUNK) {
        const chunk = plan.toRecord.slice(start, start + CHUNK);
        const results = await Promise.allSettled(
          chunk.map((match) =>
            this.commands.execute<RecordMatchCommand, RecordMatchResponse>(
              new RecordMatchCommand(
                match.request,
                { ...context, recordedAt: ratedAt ?? match.playedAt, imported: { file, matchKey: match.matchKey } },
                importIdempotencyKey(match.matchKey),
                sequence,
                ratedAt ? match.playedAt : null,
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
          // The later ones were refused unheard (their sequence): nothing lies after the refused match.
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

/** The Discord IDs that merged accounts share, with their player: what the dry run needs of the ladder's alias check. */
function aliasesOf(state: LadderState): Map<string, { playerId: number; username: string }> {
  const byPlayer = new Map<number, string[]>();
  for (const [discordId, playerId] of state.playerIdByDiscordId) byPlayer.set(playerId, [...(byPlayer.get(playerId) ?? []), discordId]);
  const aliases = new Map<string, { playerId: number; username: string }>();
  for (const [playerId, discordIds] of byPlayer) {
    if (discordIds.length < 2) continue;
    const username = state.players.get(playerId)?.username ?? `#${playerId}`;
    for (const discordId of discordIds) aliases.set(discordId, { playerId, username });
  }
  return aliases;
}
