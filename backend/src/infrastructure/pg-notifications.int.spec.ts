import net from 'node:net';
import { PgNotifications } from './pg-notifications.js';

/** A port on which nothing listens: the listener's connection is refused, as in a database outage. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('PgNotifications during a database outage', () => {
  it('keeps no listener from a LISTEN that failed', async () => {
    const port = await closedPort();
    const notifications = new PgNotifications(`postgres://postgres@127.0.0.1:${port}/postgres`);
    try {
      for (let i = 0; i < 5; i += 1) {
        await expect(notifications.listen('events', () => {})).rejects.toThrow(/ECONNREFUSED/);
      }
      expect(notifications.listenerCount).toBe(0);
    } finally {
      await notifications.close();
    }
  });
});
