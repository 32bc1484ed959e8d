import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveIndicator } from '@/components/ui/LiveIndicator';
import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import { api } from './api';
import { tagsForChanges } from './live-tags';
import { useLiveUpdates } from './use-live-updates';

/** Stands for the browser's EventSource: the test plays the server. */
class FakeEventSource {
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

/** A read that stands for the recent matches (same tag). */
const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    probeRecent: build.query<unknown, void>({ query: () => '/api/matches/recent', providesTags: [{ type: 'Matches', id: 'RECENT' }] }),
  }),
});

function LiveProbe() {
  const status = useLiveUpdates();
  const { data } = probeApi.useProbeRecentQuery();
  return (
    <>
      <LiveIndicator status={status} />
      <p>{data ? 'matches loaded' : 'loading'}</p>
    </>
  );
}

const latest = () => FakeEventSource.opened.at(-1)!;

describe('live updates', () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows Live once ready, refetches the recent matches on a recorded match, and backs off then resumes by lastEventId', async () => {
    const { requests } = mockFetch({ 'GET /api/matches/recent': { body: [] } });
    const view = renderWithProviders(<LiveProbe />);
    expect(screen.getByRole('status')).toHaveTextContent('Connecting…');
    await screen.findByText('matches loaded');
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(latest().url).toBe('/api/live');

    latest().emit('ready', 10, { position: 10 });
    expect(screen.getByRole('status')).toHaveTextContent('Live');

    latest().emit('match-recorded', 12, { matchIds: [3], playerIds: [1, 2], everyone: false, modeId: null, winningTeam: 'team1' });
    await waitFor(() => expect(requests.filter((request) => request.url === '/api/matches/recent')).toHaveLength(2));

    vi.useFakeTimers();
    latest().fail();
    expect(screen.getByRole('status')).toHaveTextContent('Reconnecting…');
    expect(FakeEventSource.opened).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1000));
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(latest().url).toBe('/api/live?lastEventId=12');
    latest().emit('ready', 12, { position: 12 });
    expect(screen.getByRole('status')).toHaveTextContent('Live');
    view.unmount();
  });

  it('a recorded match marks the boards, stats, lists and its players\' views stale; a correction everything', () => {
    const tags = tagsForChanges([{ name: 'match-recorded', change: { matchIds: [3], playerIds: [7], everyone: false } }]);
    expect(tags).toEqual([
      'Leaderboard',
      'Stats',
      { type: 'Players', id: 'LIST' },
      { type: 'Matches', id: 'RECENT' },
      { type: 'Matches', id: 'PLAYER-7' },
      { type: 'Matches', id: 'HEAD-TO-HEAD-7' },
    ]);
    expect(tagsForChanges([{ name: 'match-voided', change: { matchIds: [3], playerIds: [7], everyone: false } }])).toEqual([
      'Players',
      'Leaderboard',
      'Matches',
      'Stats',
      'Duplicates',
    ]);
  });
});
