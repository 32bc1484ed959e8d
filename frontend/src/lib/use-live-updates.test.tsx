import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveIndicator } from '@/components/ui/LiveIndicator';
import { dropLiveStream, FakeEventSource, stubEventSource } from '@/test/fake-event-source';
import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import { api } from './api';
import { tagsForChanges } from './live-tags';
import { useLiveStream, useLiveUpdates } from './use-live-updates';


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

/** The status alone: no query, so fake timers can run from the first render. */
function LiveOnly() {
  return <LiveIndicator status={useLiveUpdates()} />;
}

/** Unmounts under fake timers and lets the 5 s grace pass, so the next test gets a new client. */
function unmountAndDrop(view: { unmount(): void }) {
  vi.useFakeTimers();
  view.unmount();
  act(() => vi.advanceTimersByTime(5000));
}

/** jsdom's document is always visible: the test says when the tab is hidden or shown again. */
function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

describe('live updates', () => {
  beforeEach(stubEventSource);
  afterEach(() => {
    // Whatever a test left mounted is unmounted and its client dropped, so the next test starts afresh.
    dropLiveStream();
    vi.restoreAllMocks();
    delete (document as { hidden?: boolean }).hidden;
    delete (document as { visibilityState?: string }).visibilityState;
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
    unmountAndDrop(view);
  });

  it('a reload instead of ready: Live again, the back-off starts over, and every view is refetched', async () => {
    const { requests } = mockFetch({ 'GET /api/matches/recent': { body: [] } });
    // The shortest jitter: a 1 s pause waits 0.5 s, a 2 s pause 1 s.
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const view = renderWithProviders(<LiveProbe />);
    await screen.findByText('matches loaded');
    const opened = FakeEventSource.opened.length;
    latest().emit('ready', 10, { position: 10 });

    vi.useFakeTimers();
    latest().fail();
    act(() => vi.advanceTimersByTime(500));
    expect(FakeEventSource.opened).toHaveLength(opened + 1);
    expect(screen.getByRole('status')).toHaveTextContent('Reconnecting…');
    // Too far behind (or beyond the head): the server says reload, not ready.
    latest().emit('reload', 20, { position: 20 });
    expect(screen.getByRole('status')).toHaveTextContent('Live');

    // Back to the first pause: the failures before the reload no longer count.
    latest().fail();
    act(() => vi.advanceTimersByTime(500));
    expect(FakeEventSource.opened).toHaveLength(opened + 2);
    expect(latest().url).toMatch(/lastEventId=20$/);

    vi.useRealTimers();
    await waitFor(() => expect(requests.filter((request) => request.url === '/api/matches/recent')).toHaveLength(2));
    unmountAndDrop(view);
  });

  it('a client made after the last one was dropped resumes from the last id it saw', () => {
    const first = renderWithProviders(<LiveOnly />);
    latest().emit('ready', 10, { position: 10 });
    latest().emit('match-recorded', 14, { matchIds: [3], playerIds: [1, 2], everyone: false, modeId: null, winningTeam: 'team1' });
    unmountAndDrop(first);
    expect(latest().readyState).toBe(FakeEventSource.CLOSED);

    // A screen without live updates was shown for a while; the next one opens a new stream.
    const second = renderWithProviders(<LiveOnly />);
    expect(latest().url).toBe('/api/live?lastEventId=14');
    unmountAndDrop(second);
  });

  it('a tab hidden for 30 s closes its stream, and reopens it from the last id when shown again', () => {
    vi.useFakeTimers();
    const view = renderWithProviders(<LiveOnly />);
    const first = latest();
    first.emit('ready', 30, { position: 30 });

    // Hidden briefly: nothing changes.
    setHidden(true);
    act(() => vi.advanceTimersByTime(20_000));
    setHidden(false);
    act(() => vi.advanceTimersByTime(20_000));
    expect(first.readyState).toBe(FakeEventSource.OPEN);

    // Hidden for longer than the grace period: the stream (a connection slot) is given back.
    setHidden(true);
    act(() => vi.advanceTimersByTime(29_000));
    expect(first.readyState).toBe(FakeEventSource.OPEN);
    act(() => vi.advanceTimersByTime(1_000));
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    // Nothing reopens it while the tab stays hidden.
    act(() => vi.advanceTimersByTime(120_000));
    expect(latest()).toBe(first);

    setHidden(false);
    expect(latest()).not.toBe(first);
    expect(latest().url).toBe('/api/live?lastEventId=30');
    latest().emit('ready', 31, { position: 31 });
    expect(screen.getByRole('status')).toHaveTextContent('Live');
    unmountAndDrop(view);
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

  it('a screen that keeps the stream without its status is not drawn again when the status changes, and still gets the changes', async () => {
    const { requests } = mockFetch({ 'GET /api/matches/recent': { body: [] } });
    let renders = 0;
    function StreamOnly() {
      renders += 1;
      useLiveStream();
      const { data } = probeApi.useProbeRecentQuery();
      return <p>{data ? 'matches loaded' : 'loading'}</p>;
    }
    const view = renderWithProviders(<StreamOnly />);
    await screen.findByText('matches loaded');
    expect(FakeEventSource.opened).toHaveLength(1);
    const drawn = renders;

    latest().emit('ready', 10, { position: 10 });
    expect(renders).toBe(drawn);

    latest().emit('match-recorded', 12, { matchIds: [3], playerIds: [1, 2], everyone: false, modeId: null, winningTeam: 'team1' });
    await waitFor(() => expect(requests.filter((request) => request.url === '/api/matches/recent')).toHaveLength(2));
    unmountAndDrop(view);
  });
});
