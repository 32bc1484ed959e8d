import type { Knex } from 'knex';
import type { RecordedEvent } from '@team/contracts';
import { applyEvents, defineProjection } from './projection.js';

type Shouted = { type: 'Shouted'; data: { word: string } };
type Whispered = { type: 'Whispered'; data: { word: string } };

// No statement runs: the handlers only record what reached them, so any value stands in for the transaction.
const trx = {} as Knex.Transaction;

let position = 0;
const recorded = (type: string, word: string): RecordedEvent => ({
  position: ++position,
  streamId: 'words',
  revision: position - 1,
  id: `e${position}`,
  type,
  data: { word },
  metadata: { eventId: `e${position}`, schemaVersion: 1, recordedAt: '2025-01-01T00:00:00.000Z', correlationId: 'c', actor: 'public' },
} as RecordedEvent);

function wordsProjection(withRuns: boolean) {
  const seen: string[] = [];
  const projection = defineProjection<Shouted | Whispered>({
    name: 'words',
    tables: ['words'],
    migrations: [],
    handlers: {
      Shouted: async ({ data }) => void seen.push(data.word.toUpperCase()),
      Whispered: async ({ data }) => void seen.push(data.word.toLowerCase()),
    },
    runHandlers: withRuns ? { Shouted: async (events) => void seen.push(events.map((e) => e.data.word).join('+')) } : undefined,
  });
  return { projection, seen };
}

describe('defineProjection', () => {
  it('handles exactly the event types it has a handler for', () => {
    const { projection } = wordsProjection(false);
    expect(['Shouted', 'Whispered', 'Sung'].map((type) => projection.canHandle(type))).toEqual([true, true, false]);
    expect(projection.applyRun).toBeUndefined();
  });

  it('sends each event to the handler of its type and ignores other types', async () => {
    const { projection, seen } = wordsProjection(false);
    await projection.apply(recorded('Shouted', 'Hey'), trx);
    await projection.apply(recorded('Whispered', 'Psst'), trx);
    await projection.apply(recorded('Sung', 'La'), trx);
    expect(seen).toEqual(['HEY', 'psst']);
  });

  it('gives a run of one type to its run handler, and applies runs of other types one by one', async () => {
    const { projection, seen } = wordsProjection(true);
    const events = [recorded('Shouted', 'a'), recorded('Shouted', 'b'), recorded('Whispered', 'C'), recorded('Whispered', 'D')];
    await applyEvents([projection], events, trx);
    expect(seen).toEqual(['a+b', 'c', 'd']);
  });
});
