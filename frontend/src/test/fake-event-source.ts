import { act } from '@testing-library/react';

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
