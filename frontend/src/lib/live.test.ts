import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveClient } from './live';
import type { ReceivedChange } from './live-tags';

/** The browser's EventSource, played by the test. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static last: FakeEventSource | null = null;
  readyState = FakeEventSource.OPEN;
  onerror: (() => void) | null = null;
  private readonly handlers = new Map<string, ((event: MessageEvent) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(name: string, handler: (event: MessageEvent) => void) {
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), handler]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(name: string, id: number, data: unknown) {
    const event = new MessageEvent(name, { data: JSON.stringify(data), lastEventId: String(id) });
    this.handlers.get(name)?.forEach((handler) => handler(event));
  }
}

const recorded = (matchId: number) => ({ matchIds: [matchId], playerIds: [1, 2], everyone: false, modeId: null, winningTeam: 'team1' });

describe('LiveClient refetch pacing', () => {
  let onChanges: ReturnType<typeof vi.fn<(changes: ReceivedChange[]) => void>>;
  let client: LiveClient;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', FakeEventSource);
    onChanges = vi.fn<(changes: ReceivedChange[]) => void>();
    client = new LiveClient({ url: '/api/live', onChanges, onReload: () => {} });
    client.start();
    FakeEventSource.last!.emit('ready', 1, {});
  });

  afterEach(() => {
    client.stop();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('passes a lone change on within its short batch', () => {
    FakeEventSource.last!.emit('match-recorded', 2, recorded(1));
    vi.advanceTimersByTime(100);
    expect(onChanges).toHaveBeenCalledTimes(1);
  });

  it('an import\'s stream of changes (one every 2 ms for 4 s) is passed on in about one refetch a second, none lost, the last within 1 s', () => {
    let position = 2;
    for (let t = 0; t < 4000; t += 2) {
      FakeEventSource.last!.emit('match-recorded', position, recorded(position));
      position += 1;
      vi.advanceTimersByTime(2);
    }
    vi.advanceTimersByTime(1000);
    const calls = onChanges.mock.calls.length;
    // Each call makes every open view refetch: one per 100 ms batch would be 40 here.
    expect(calls).toBeLessThanOrEqual(7);
    const passed = onChanges.mock.calls.flatMap(([changes]) => changes);
    expect(passed).toHaveLength(2000);
  });
});
