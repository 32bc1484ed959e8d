import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import { addressKey } from './rate-limiter.js';

/** How often one address's refused connections are logged, at most. */
const LOG_EVERY_MS = 60_000;

/**
 * Closes each connection past `max` open ones from one address (IPv6: one /64) as it opens: a
 * flood of held sockets from one place cannot take the process's file descriptors from everyone
 * else. Only for a server that faces visitors directly (TRUST_PROXY=0): behind a proxy every
 * connection is the proxy's.
 */
export function capConnectionsPerAddress(server: Server, max: number, logger: Logger): void {
  const open = new Map<string, number>();
  const lastLogged = new Map<string, number>();
  server.prependListener('connection', (socket: Socket) => {
    const key = addressKey(socket.remoteAddress ?? 'unknown');
    const count = open.get(key) ?? 0;
    if (count >= max) {
      socket.destroy();
      const now = Date.now();
      if ((lastLogged.get(key) ?? 0) + LOG_EVERY_MS <= now) {
        if (lastLogged.size > 10_000) lastLogged.clear();
        lastLogged.set(key, now);
        logger.warn({ address: key, max }, 'connections refused: this address holds MAX_CONNECTIONS_PER_ADDRESS open already');
      }
      return;
    }
    open.set(key, count + 1);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });
}
