import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, type MockAnswer, type RecordedRequest } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import { KNOWN_PLAYERS, searchKnownPlayers } from '@/test/fixtures/known-players';
import { LOOKUP_DEBOUNCE_MS } from './player-lookup';
import { PlayerRow } from './PlayerRow';
import type { PlayerRowState } from './record-match-form';

function Harness() {
  const [row, setRow] = useState<PlayerRowState>({ rowId: 1, discordId: '', username: '', kills: 0, deaths: 0, assists: 0, score: 0, modeStat: 0 });
  return (
    <PlayerRow
      row={row}
      label="Team 1, player 1"
      modeStatLabel={null}
      removable={false}
      marks={undefined}
      onChange={(field, value) => setRow((current) => ({ ...current, [field]: value }))}
      onPick={(player) => setRow((current) => ({ ...current, discordId: player.discordId, username: player.username }))}
      onRemove={() => {}}
    />
  );
}

function setup(search: (request: RecordedRequest) => MockAnswer | Promise<MockAnswer> = searchKnownPlayers) {
  const fetch = mockFetch({ 'GET /api/players/search': search });
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<Harness />);
  const field = (label: 'Discord ID' | 'Username') => screen.getByRole('combobox', { name: label });
  const searches = () => fetch.requests.filter((request) => request.url.startsWith('/api/players/search')).map((request) => request.url);
  return { ...fetch, user, field, searches };
}

describe('PlayerRow lookup', () => {
  it('offers known players as a name is typed, and a click fills both the Discord ID and the username', async () => {
    const { user, field, searches } = setup();
    expect(field('Username')).toHaveAttribute('aria-expanded', 'false');
    await user.type(field('Username'), 'ace');

    const list = await screen.findByRole('listbox', { name: 'Known players' });
    expect(field('Username')).toHaveAttribute('aria-expanded', 'true');
    expect(field('Username')).toHaveAttribute('aria-controls', list.id);
    const options = within(list).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Ace400000000000000012 · ID 12 · 34 matches',
      'Ace_Sniper400000000000000015 · ID 15 · 1 match',
      'Grace400000000000000020 · ID 20 · 3 matches',
    ]);
    expect(searches().at(-1)).toBe('/api/players/search?q=ace&limit=8');

    await user.click(within(list).getByRole('option', { name: /Ace_Sniper/ }));
    expect(field('Discord ID')).toHaveValue('400000000000000015');
    expect(field('Username')).toHaveValue('Ace_Sniper');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(field('Username')).toHaveAttribute('aria-expanded', 'false');
  });

  it('looks up Discord IDs by their start too, and picks with the arrow keys and Enter; Escape closes the list', async () => {
    const { user, field } = setup();
    await user.type(field('Discord ID'), '4000000000000000');
    await screen.findByRole('listbox', { name: 'Known players' });

    await user.keyboard('{ArrowDown}{ArrowDown}');
    const second = screen.getByRole('option', { name: /Ace_Sniper/ });
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(field('Discord ID')).toHaveAttribute('aria-activedescendant', second.id);
    await user.keyboard('{Escape}');
    expect(field('Discord ID')).toHaveAttribute('aria-expanded', 'false');

    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('option', { name: /Grace/ })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(field('Discord ID')).toHaveValue('400000000000000020');
    expect(field('Username')).toHaveValue('Grace');
    expect(field('Discord ID')).toHaveFocus();
  });

  it(`looks up ${LOOKUP_DEBOUNCE_MS} ms after the last keystroke, once for the whole text`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      // fireEvent: user-event's async steps wait on a timer of their own, which this clock would hold.
      const { field, searches } = setup();
      for (const text of ['a', 'ac', 'ace']) fireEvent.change(field('Username'), { target: { value: text } });
      await vi.advanceTimersByTimeAsync(LOOKUP_DEBOUNCE_MS - 1);
      expect(searches()).toEqual([]);
      // Another keystroke starts the wait again.
      fireEvent.change(field('Username'), { target: { value: 'acer' } });
      await vi.advanceTimersByTimeAsync(LOOKUP_DEBOUNCE_MS - 1);
      expect(searches()).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      await vi.waitFor(() => expect(searches()).toEqual(['/api/players/search?q=acer&limit=8']));
    } finally {
      vi.useRealTimers();
    }
  });

  it('aborts a lookup that newer text overtook', async () => {
    let answerFirst: (answer: MockAnswer) => void = () => {};
    const { user, field, searches, fetchMock } = setup((request) =>
      request.url.includes('q=ac&') ? new Promise<MockAnswer>((resolve) => (answerFirst = resolve)) : searchKnownPlayers(request),
    );
    await user.type(field('Username'), 'ac');
    await waitFor(() => expect(searches()).toEqual(['/api/players/search?q=ac&limit=8']));
    const signal = (fetchMock.mock.calls[0]![1] as RequestInit).signal!;
    expect(signal.aborted).toBe(false);

    await user.type(field('Username'), 'e_');
    await waitFor(() => expect(signal.aborted).toBe(true));
    answerFirst({ body: KNOWN_PLAYERS });
    expect(await screen.findByRole('option', { name: /Ace_Sniper/ })).toBeInTheDocument();
    expect(screen.getAllByRole('option')).toHaveLength(1);
    expect(searches()).toEqual(['/api/players/search?q=ac&limit=8', '/api/players/search?q=ace_&limit=8']);
  });

  it('warns about a new Discord ID typed with a known name, and "Use player" fills the known one', async () => {
    const { user, field } = setup();
    await user.type(field('Discord ID'), '499999999999999999');
    await user.type(field('Username'), 'ace ');

    const warning = await screen.findByText(
      "New Discord ID: 'ace' is already player ID 12 with Discord ID 400000000000000012. Pick them from the list if it is the same person.",
    );
    expect(field('Discord ID')).toHaveAccessibleDescription(expect.stringContaining(warning.textContent!));
    await user.click(screen.getByRole('button', { name: 'Use player ID 12' }));
    expect(field('Discord ID')).toHaveValue('400000000000000012');
    expect(field('Username')).toHaveValue('Ace');
    await waitFor(() => expect(screen.queryByText(/New Discord ID/)).not.toBeInTheDocument());
  });

  it('gives no warning for a Discord ID a known player has, whatever the name', async () => {
    const { user, field } = setup();
    await user.type(field('Discord ID'), '400000000000000020');
    await user.type(field('Username'), 'Ace');
    // Both lookups have answered once the name's list shows, and a while after.
    await screen.findByRole('option', { name: /Ace_Sniper/ });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText(/New Discord ID/)).not.toBeInTheDocument();
  });
});
