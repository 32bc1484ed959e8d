import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { makePlayer } from '@/test/fixtures';
import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import { TrackerPlayerField } from './TrackerPlayerField';

// Issue 42: a roster card names a tracker player found by name, shown by name and ID, removable.

function Harness({ initial }: { initial: number | null }) {
  const [playerId, setPlayerId] = useState(initial);
  return (
    <>
      <TrackerPlayerField playerId={playerId} onChange={setPlayerId} />
      <output aria-label="chosen">{playerId === null ? 'nobody' : String(playerId)}</output>
    </>
  );
}

describe('the Tracker player field of a roster card', () => {
  it('finds a player by name and names the card after them; Remove player names nobody', async () => {
    mockFetch({
      'GET /api/players/search?q=ac&limit=8': { body: [{ id: 3, username: 'AceOfSpades', discordId: '300', elo: 1287, totalMatches: 17 }] },
      'GET /api/players/cards?ids=3': { body: [{ ...makePlayer({ id: 3, username: 'AceOfSpades', elo: 1287 }), rank: 2, tier: 'Gold', avatarUrl: null, socials: {} }] },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness initial={null} />);
    await user.type(screen.getByLabelText('Tracker player'), 'ac');
    await user.click(await screen.findByText('AceOfSpades (ID 3, ELO 1287)', {}, { timeout: 10_000 }));
    expect(screen.getByLabelText('chosen')).toHaveTextContent('3');
    expect(await screen.findByText('AceOfSpades (ID 3, ELO 1287)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove player' }));
    expect(screen.getByLabelText('chosen')).toHaveTextContent('nobody');
  });

  it('says so when the named player is no longer on the leaderboard', async () => {
    mockFetch({ 'GET /api/players/cards?ids=9': { body: [] } });
    renderWithProviders(<Harness initial={9} />);
    expect(await screen.findByText('ID 9: not on the leaderboard')).toBeInTheDocument();
  });
});
