import { jest } from '@jest/globals';
import { EventEmitter } from 'node:events';
import { LiveConnection, type LiveSocket } from './live-connection.js';
import type { LiveMessage } from './live-change.js';

/** A socket whose writes "flush" only while `flushing`; unsent bytes pile up otherwise. */
class FakeSocket extends EventEmitter implements LiveSocket {
  flushing = true;
  writableLength = 0;
  written: string[] = [];
  ended = false;
  destroyed = false;
  write(chunk: string): boolean {
    this.written.push(chunk);
    if (!this.flushing) this.writableLength += chunk.length;
    return this.flushing;
  }
  end() {
    this.ended = true;
  }
  destroy() {
    this.destroyed = true;
  }
}

const change = (position: number): LiveMessage => ({
  position,
  name: 'match-recorded',
  change: { matchIds: [position], playerIds: [], everyone: false },
});

describe('LiveConnection', () => {
  let now = 0;
  const limits = { maxBufferedBytes: 1000, maxBackedUpMs: 30_000 };
  const open = (socket: FakeSocket, onClose = () => {}) => new LiveConnection(socket, limits, () => now, onClose);

  test('live changes wait while the replay runs, and none is sent twice', () => {
    const socket = new FakeSocket();
    const connection = open(socket);
    connection.publish(change(5));
    connection.publish(change(7));
    connection.replay(change(3));
    connection.replay(change(5));
    connection.finishReplay('ready', 5);
    expect(socket.written.map((chunk) => chunk.split('\n')[0])).toEqual(['id: 3', 'id: 5', 'id: 5', 'id: 7']);
    expect(socket.written[2]).toBe('id: 5\nevent: ready\ndata: {"position":5}\n\n');
  });

  test('a client whose socket has not drained for longer than the limit is dropped', () => {
    const socket = new FakeSocket();
    const closed = jest.fn();
    const connection = open(socket, closed);
    connection.finishReplay('ready', 0);
    socket.flushing = false;
    now = 0;
    connection.heartbeat();
    now = 29_000;
    connection.heartbeat();
    expect(connection.isClosed).toBe(false);
    now = 31_000;
    connection.heartbeat();
    expect(connection.isClosed).toBe(true);
    expect(socket.destroyed).toBe(true);
    expect(closed).toHaveBeenCalledWith(connection);
  });

  test('a drain resets the clock; too many unsent bytes drop at once', () => {
    const socket = new FakeSocket();
    const connection = open(socket);
    connection.finishReplay('ready', 0);
    socket.flushing = false;
    now = 0;
    connection.heartbeat();
    socket.emit('drain');
    now = 40_000;
    connection.heartbeat();
    expect(connection.isClosed).toBe(false);
    connection.write('x'.repeat(2000));
    expect(connection.isClosed).toBe(true);
  });

  test('closed on shutdown: ended when everything was sent, destroyed when bytes are still buffered (so the server can close)', () => {
    const drained = new FakeSocket();
    open(drained).close();
    expect(drained.ended).toBe(true);
    expect(drained.destroyed).toBe(false);

    const backedUp = new FakeSocket();
    const connection = open(backedUp);
    backedUp.flushing = false;
    connection.heartbeat();
    connection.close();
    expect(backedUp.destroyed).toBe(true);
    expect(backedUp.ended).toBe(false);
  });

  test('the client going away closes the connection', () => {
    const socket = new FakeSocket();
    const closed = jest.fn();
    open(socket, closed);
    socket.emit('close');
    expect(closed).toHaveBeenCalledTimes(1);
  });
});
