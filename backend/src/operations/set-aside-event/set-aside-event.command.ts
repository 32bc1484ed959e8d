import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import {
  OPERATIONS_STREAM,
  type AppendContext,
  type EventStore,
  type OperationsEvent,
  type SetAsideEntry,
  type SetAsideEventResponse,
} from '@team/contracts';
import { foldSetAside, Projector, READ_MODELS_CHECKPOINT, readCheckpoint } from '@team/projections';
import { EVENT_STORE, KNEX } from '../../infrastructure/tokens.js';
import { decideSetAside, decideUndoSetAside } from './set-aside-event.decide.js';

/** Set aside the event at `position`, which the projectors then skip (DESIGN §11). */
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

/** The `operations` stream folded, with its revision for the append's expected revision. */
async function loadOperations(store: EventStore): Promise<{ setAside: Map<number, SetAsideEntry>; revision: number }> {
  const setAside = new Map<number, SetAsideEntry>();
  let revision = -1;
  for (const event of await store.readStream(OPERATIONS_STREAM)) {
    foldSetAside(setAside, event);
    revision = event.revision;
  }
  return { setAside, revision };
}

/**
 * Appends the decision with the stream's expected revision, so two admins deciding on one
 * position at once cannot both succeed (the second gets 409), and answers the list after it.
 */
async function appendDecision(
  store: EventStore,
  revision: number,
  event: OperationsEvent,
  context: AppendContext,
): Promise<SetAsideEventResponse> {
  const result = await store.append(
    OPERATIONS_STREAM,
    [{ id: randomUUID(), type: event.type, data: event.data }],
    revision < 0 ? 'no_stream' : revision,
    context,
  );
  const { setAside } = await loadOperations(store);
  return { eventPosition: result.lastPosition, setAside: [...setAside.values()].sort((a, b) => a.position - b.position) };
}

@CommandHandler(SetAsideEventCommand)
export class SetAsideEventHandler implements ICommandHandler<SetAsideEventCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(KNEX) private readonly knex: Knex,
    @Inject(Projector) private readonly projector: Projector | null,
  ) {}

  async execute({ position, reason, context }: SetAsideEventCommand): Promise<SetAsideEventResponse> {
    const [{ setAside, revision }, [target], checkpoint] = await Promise.all([
      loadOperations(this.store),
      this.store.readAll(position - 1, 1),
      // The projector's checkpoint, not a read model: it says which events are already applied.
      readCheckpoint(this.knex, this.projector?.name ?? READ_MODELS_CHECKPOINT),
    ]);
    const event = decideSetAside(
      { setAside, target: target?.position === position ? target : null, checkpoint: checkpoint?.position ?? 0 },
      position,
      reason,
    );
    return appendDecision(this.store, revision, event, context);
  }
}

@CommandHandler(UndoSetAsideEventCommand)
export class UndoSetAsideEventHandler implements ICommandHandler<UndoSetAsideEventCommand> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ position, context }: UndoSetAsideEventCommand): Promise<SetAsideEventResponse> {
    const { setAside, revision } = await loadOperations(this.store);
    const event = decideUndoSetAside({ setAside }, position);
    return appendDecision(this.store, revision, event, context);
  }
}
