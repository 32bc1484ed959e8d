import { randomUUID } from 'node:crypto';
import {
  WrongExpectedRevisionError,
  type AppendContext,
  type EventStore,
  type RecordedEvent,
} from '@team/contracts';

/** The pure half of an aggregate: its state from its events, and the events a command causes. */
export interface Decider<State, Command, Event extends { type: string; data: unknown }> {
  initialState(): State;
  /**
   * Applies one event. An event read from the log comes with its record (position, revision,
   * metadata) for a fold that keeps those; one just decided comes without.
   */
  evolve(state: State, event: Event, recorded?: RecordedEvent<Event>): State;
  decide(command: Command, state: State): Event[];
}

export interface Decided<State, Event> {
  /** The state after the new events. */
  state: State;
  events: Event[];
  /** Global position of the last new event; 0 when the command changed nothing. */
  position: number;
}

/** Enough for two admins saving at once; a third conflict in a row means something is wrong. */
const MAX_ATTEMPTS = 5;

/**
 * Loads a stream, decides, and appends with the revision it decided on. When someone else
 * appended in between, the store refuses the append and the command is decided again on the
 * fresh state, so a decision never rests on state it did not see.
 */
export async function decideAndAppend<State, Command, Event extends { type: string; data: unknown }>(
  store: EventStore,
  streamId: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  context: AppendContext,
): Promise<Decided<State, Event>> {
  for (let attempt = 1; ; attempt++) {
    const recorded = (await store.readStream(streamId)) as RecordedEvent<Event>[];
    const state = recorded.reduce(
      (current, event) => decider.evolve(current, { type: event.type, data: event.data } as Event, event),
      decider.initialState(),
    );
    const events = decider.decide(command, state);
    if (events.length === 0) return { state, events, position: 0 };
    const expected = recorded.length === 0 ? 'no_stream' : recorded[recorded.length - 1]!.revision;
    try {
      const result = await store.append(
        streamId,
        events.map((event) => ({ id: randomUUID(), type: event.type, data: event.data })),
        expected,
        context,
      );
      return { state: events.reduce((current, event) => decider.evolve(current, event), state), events, position: result.lastPosition };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}
