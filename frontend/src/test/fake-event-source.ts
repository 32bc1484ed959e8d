import { act, cleanup } from '@testing-library/react';
import { vi } from 'vitest';

/** Stands for the browser's EventSource: the test plays the server. */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onerror: (() => void) | null = null;
  private readonly handlers = new Map<string, ((event: MessageEvent) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(name: string, handler: (event: MessageEvent) => void) {
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), handler]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(name: string, id: number, data: unknown) {
    this.readyState = FakeEventSource.OPEN;
    const event = new MessageEvent(name, { data: JSON.stringify(data), lastEventId: String(id) });
    act(() => this.handlers.get(name)?.forEach((handler) => handler(event)));
  }
  /** The server answered 503 (or the network failed for good): the browser gives up. */
  fail() {
    this.readyState = FakeEventSource.CLOSED;
    act(() => this.onerror?.());
  }
}

/** Each test's browser: a fresh FakeEventSource as its EventSource. */
export function stubEventSource(): void {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
}

/**
 * Unmounts whatever a test left mounted and lets the stream's 5 s grace pass, so the app's one
 * live client is dropped and the next test opens a new one; the real EventSource (none) is back.
 */
export function dropLiveStream(): void {
  vi.useFakeTimers();
  cleanup();
  act(() => vi.advanceTimersByTime(5000));
  vi.useRealTimers();
  vi.unstubAllGlobals();
}
