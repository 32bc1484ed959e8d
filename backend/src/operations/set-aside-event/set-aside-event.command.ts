import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import {
  OPERATIONS_STREAM,
  type AppendContext,
  type EventStore,
  type OperationsEvent,
  type RecordedEvent,
  type SetAsideEntry,
  type SetAsideEventResponse,
} from '@team/contracts';
import { foldSetAside, Projector, READ_MODELS_CHECKPOINT, readCheckpoint } from '@team/projections';
import { EVENT_STORE, KNEX } from '../../infrastructure/tokens.js';
import { decideAndAppend, type Decider } from '../../shared/decide-and-append.js';
import { decideSetAside, decideUndoSetAside } from './set-aside-event.decide.js';

/** Set aside the event at `position`, which the projectors then skip (docs/scaling.md). */
export class SetAsideEventCommand extends Command<SetAsideEventResponse> {
  constructor(
    readonly position: number,
    readonly reason: string,
    readonly context: AppendContext,
  ) {
    super();
  }
}

/** Undo the set-aside of the event at `position`. */
export class UndoSetAsideEventCommand extends Command<SetAsideEventResponse> {
  constructor(
    readonly position: number,
    readonly context: AppendContext,
  ) {
    super();
  }
}

type OperationsCommand =
  | { kind: 'set-aside'; position: number; reason: string; target: RecordedEvent | null; checkpoint: number }
  | { kind: 'undo'; position: number };

/** The `operations` stream folded: the events set aside now, by position (set-aside-event.decide.ts decides). */
const operationsDecider: Decider<Map<number, SetAsideEntry>, OperationsCommand, OperationsEvent> = {
  initialState: () => new Map(),
  evolve(setAside, _event, recorded) {
    // Only the log's own records carry the position the entry keeps; a just-decided event is read back below.
    if (recorded) foldSetAside(setAside, recorded);
    return setAside;
  },
  decide(command, setAside) {
    if (command.kind === 'undo') return [decideUndoSetAside({ setAside }, command.position)];
    return [decideSetAside({ setAside, target: command.target, checkpoint: command.checkpoint }, command.position, command.reason)];
  },
};

/**
 * Appends the decision with the stream's expected revision (decide-and-append), so two admins
 * deciding on one position at once cannot both succeed (the second decides again and gets 409),
 * and answers the list after it.
 */
async function decideOperations(store: EventStore, command: OperationsCommand, context: AppendContext): Promise<SetAsideEventResponse> {
  const { position } = await decideAndAppend(store, OPERATIONS_STREAM, operationsDecider, command, context);
  const setAside = new Map<number, SetAsideEntry>();
  for (const event of await store.readStream(OPERATIONS_STREAM)) foldSetAside(setAside, event);
  return { eventPosition: position, setAside: [...setAside.values()].sort((a, b) => a.position - b.position) };
}

@CommandHandler(SetAsideEventCommand)
export class SetAsideEventHandler implements ICommandHandler<SetAsideEventCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(KNEX) private readonly knex: Knex,
    @Inject(Projector) private readonly projector: Projector | null,
  ) {}

  async execute({ position, reason, context }: SetAsideEventCommand): Promise<SetAsideEventResponse> {
    const [[target], checkpoint] = await Promise.all([
      this.store.readAll(position - 1, 1),
      // The projector's checkpoint, not a read model: it says which events are already applied.
      readCheckpoint(this.knex, this.projector?.name ?? READ_MODELS_CHECKPOINT),
    ]);
    const facts = { target: target?.position === position ? target : null, checkpoint: checkpoint?.position ?? 0 };
    return decideOperations(this.store, { kind: 'set-aside', position, reason, ...facts }, context);
  }
}

@CommandHandler(UndoSetAsideEventCommand)
export class UndoSetAsideEventHandler implements ICommandHandler<UndoSetAsideEventCommand> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ position, context }: UndoSetAsideEventCommand): Promise<SetAsideEventResponse> {
    return decideOperations(this.store, { kind: 'undo', position }, context);
  }
}
