import type { LadderEvent } from '@team/contracts';
import { decide, type LadderCommand } from '../../src/ladder/ladder.decider.js';
import { evolve } from '../../src/ladder/ladder.evolve.js';
import { initialLadderState } from '../../src/ladder/ladder.state.js';

/** A command, or one made from the events so far (a void reads its match from them). */
export type LadderStep = LadderCommand | ((events: LadderEvent[]) => LadderCommand);

/** Decides and folds each step in turn, at `now`: the state and every event, in log order. */
export function foldSteps(now: Date, ...steps: LadderStep[]) {
  const state = initialLadderState();
  const events: LadderEvent[] = [];
  for (const step of steps) {
    const command = typeof step === 'function' ? step(events) : step;
    for (const event of decide(command, state, { now })) {
      evolve(state, event, { position: events.length + 1 });
      events.push(event);
    }
  }
  return { state, events };
}
