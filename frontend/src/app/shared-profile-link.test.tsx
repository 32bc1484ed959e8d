import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { playerMatchesApi } from '@/features/players/api/get-player-matches';
import { PlayerProfileDialog } from '@/features/players/components/PlayerProfileDialog';
import { makePlayer } from '@/test/fixtures';
import { mockFetch } from '@/test/mock-fetch';
import { prefetchScreenData } from './prefetch';
import { AppProviders } from './providers';
import { createStore } from './store';

/** The Players screen opened on a shared link's player: the dialog, and a way to select the player again. */
function PlayersScreen() {
  const [selected, setSelected] = useState<number | null>(4);
  return (
    <>
      <button type="button" onClick={() => setSelected(4)}>
        select again
      </button>
      <PlayerProfileDialog playerId={selected} onClose={() => setSelected(null)} />
    </>
  );
}

describe('a shared profile link', () => {
  it('requests the history once: the dialog it opens takes the read the app started, and the next selection requests it again', async () => {
    const { requests } = mockFetch({
      'GET /api/players': { body: [makePlayer({ id: 4, username: 'Nova' })] },
      'GET /api/players/4/matches': { body: [] },
      'GET /api/players/4/seasons': { body: [] },
      'GET /api/players/4/head-to-head': { body: { opponents: [], teammates: [] } },
    });
    const historyReads = () => requests.filter((request) => request.url === '/api/players/4/matches').length;
    const store = createStore();
    prefetchScreenData(store, { pathname: '/tracker/players', search: '?playerId=4' });
    // As on a phone: the history has arrived before the screen's and the dialog's code.
    const linkRead = playerMatchesApi.endpoints.getPlayerMatches.select({ playerId: 4, asOf: null });
    await waitFor(() => expect(linkRead(store.getState()).isSuccess).toBe(true));
    const linkRequest = linkRead(store.getState()).requestId;
    render(
      <AppProviders store={store}>
        <MemoryRouter>
          <PlayersScreen />
        </MemoryRouter>
      </AppProviders>,
    );

    await screen.findByText('No match history available');
    // A second request starts as the dialog's effects run, before the body shows: the entry
    // would then stand for a new request.
    expect(linkRead(store.getState()).requestId).toBe(linkRequest);
    expect(historyReads()).toBe(1);

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'select again' }));
    await screen.findByText('No match history available');
    await waitFor(() => expect(historyReads()).toBe(2));
  });
});
