import type { AppendContext, LadderEvent } from '@team/contracts';
import type { LadderCommand } from '../ladder.decider.js';
import type { LadderState } from '../ladder.state.js';

/** Most commands decided and appended together. */
const MAX_BATCH = 64;

export type AppendedLadderEvent = LadderEvent & { position: number };

/** Reads the state after a command, inside the serialised section (the state moves on after it). */
export type Answer<R> = (state: LadderState, appended: AppendedLadderEvent[]) => R;

/**
 * Commands that stand or fall in order (an import's matches): once the ladder refuses one, it
 * refuses every later one unheard, in this batch or the next, so nothing is recorded after the
 * refused match and a rerun of the fixed file can still add it.
 */
export interface CommandSequence {
  refused: boolean;
}

/** A command waiting its turn, with the caller's promise to settle. */
export interface PendingCommand {
  command: LadderCommand;
  context: AppendContext;
  sequence?: CommandSequence | null;
  answer: Answer<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * Serialises the ladder's work in this process: commands wait in a queue and are handed to
 * `runBatch` up to MAX_BATCH at a time (those that queued up while the previous batch was
 * written go together, which is what keeps many recorders fast), and reads take their turn
 * between batches, so each sees a state no batch is changing.
 */
export class LadderCommandQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private readonly pending: PendingCommand[] = [];
  private batchScheduled = false;

  constructor(private readonly runBatch: (batch: PendingCommand[]) => Promise<void>) {}

  enqueue(command: PendingCommand): void {
    this.pending.push(command);
    this.scheduleBatch();
  }

  /** Puts commands a batch could not take back at the head of the queue, for the next batch. */
  requeue(commands: readonly PendingCommand[]): void {
    this.pending.unshift(...commands);
  }

  /** Runs `reader` in turn with the batches. */
  read<R>(reader: () => Promise<R>): Promise<R> {
    const run = this.tail.then(reader);
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** One batch per turn of the queue, so reads waiting in between get their turn too. */
  private scheduleBatch(): void {
    if (this.batchScheduled) return;
    this.batchScheduled = true;
    const run = this.tail.then(async () => {
      this.batchScheduled = false;
      const batch = this.pending.splice(0, MAX_BATCH);
      try {
        await this.runBatch(batch);
      } finally {
        if (this.pending.length > 0) this.scheduleBatch();
      }
    });
    this.tail = run.catch(() => undefined);
  }
}
