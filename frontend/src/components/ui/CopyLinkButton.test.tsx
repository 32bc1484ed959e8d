import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MatchScreen } from '@/features/matches/components/match-page/MatchScreen';
import { makeMatchLine, makeMatchPage } from '@/test/fixtures';
import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import { COPIED_FOR_MS, CopyLinkButton, shareUrl } from './CopyLinkButton';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('CopyLinkButton', () => {
  it('copies the page’s full address and says so for a moment', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CopyLinkButton path="/tracker/matches/12" />);
    await user.click(screen.getByRole('button', { name: 'Copy link' }));

    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/tracker/matches/12`);
    expect(screen.getByRole('button', { name: 'Link copied' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('The link is on the clipboard.');
    // The label comes back, so a second copy is offered again.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument(), { timeout: COPIED_FOR_MS + 5000 });
  });

  it('shows the address selected to copy by hand when the browser refuses both ways', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    // jsdom has no copy command; a browser outside a secure context answers false as well.
    Object.defineProperty(document, 'execCommand', { configurable: true, value: () => false });
    renderWithProviders(<CopyLinkButton path="/tracker/players?playerId=7" />);
    await user.click(screen.getByRole('button', { name: 'Copy link' }));

    const field = await screen.findByRole('textbox', { name: /The browser did not allow copying/ });
    expect(field).toHaveValue(`${window.location.origin}/tracker/players?playerId=7`);
    await waitFor(() => expect(field).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    Reflect.deleteProperty(document, 'execCommand');
  });

  it('builds the address on the site’s origin, whatever the path', () => {
    expect(shareUrl('/tracker/matches/3', 'https://team.example')).toBe('https://team.example/tracker/matches/3');
    expect(shareUrl('/tracker/players?playerId=9', 'https://team.example')).toBe('https://team.example/tracker/players?playerId=9');
  });

  it('is on the match page, copying that match’s address', async () => {
    const user = userEvent.setup();
    const match = makeMatchPage({
      id: 300,
      teams: { team1: [makeMatchLine({ playerId: 1, username: 'Ace', team: 'team1' })], team2: [makeMatchLine({ playerId: 2, username: 'Cinder', team: 'team2' })] },
    });
    mockFetch({ 'GET /api/matches/300': { body: match } });
    renderWithProviders(<MatchScreen matchId={300} notFound={null} />);
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));
    await act(async () => {});
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/tracker/matches/300`);
  });
});
