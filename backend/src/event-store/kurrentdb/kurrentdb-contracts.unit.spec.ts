import { eventStoreContract } from '../../../test/support/event-store/event-store.contract.js';
import { logReadersContract, openLogReaders } from '../../../test/support/log-readers.contract.js';
import { KurrentDBEventStore } from './kurrentdb-event-store.js';
import { FakeKurrentClient } from '../../../test/support/event-store/kurrentdb/fake-kurrent-client.js';

// Both contracts on a STUBBED KurrentDB client (testing/fake-kurrent-client.ts), not a server:
// they check the adapter and the KurrentDB log readers map the client's reads as the contracts
// ask. Whether a real KurrentDB answers as the stub does is kurrentdb-event-store.int.spec.ts's
// question, asked only where TEST_EVENTSTORE_URL names a server.

eventStoreContract('KurrentDBEventStore on a stubbed client', async () => {
  const client = new FakeKurrentClient();
  const stores: KurrentDBEventStore[] = [];
  return {
    async open() {
      const store = new KurrentDBEventStore(client, { pollIntervalMs: 50 });
      stores.push(store);
      return store;
    },
    async teardown() {
      await Promise.all(stores.map((store) => store.close()));
    },
  };
});

logReadersContract('KurrentDB log readers on a stubbed client', async () => {
  const store = new KurrentDBEventStore(new FakeKurrentClient());
  return {
    store,
    readers: openLogReaders(store, null, { clockSkewMs: 50 }),
    ladderStream: 'ladder',
    streamPrefix: '',
    clockSkewMs: 50,
    teardown: () => store.close(),
  };
});
