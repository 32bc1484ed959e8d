import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_KEY_STORAGE_KEY } from '@/lib/api';
import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import { adminSession } from '@/test/admin-session';
import { PastProfileDialogSlot, type PastProfileProps } from '@/components/ui/player-profile-slot';
import type { AdminRole, AuditEntry } from '@team/contracts';
import { EventDetails } from './EventDetails';

const entry = (type: string, data: unknown, position = 12): AuditEntry => ({
  position,
  recordedAt: '2026-03-01T10:00:00.000Z',
  type,
  streamId: 'ladder',
  revision: position - 1,
  actor: 'public',
  correlationId: 'corr-1',
  fingerprint: 'f1',
  adminKey: null,
  summary: `${type} summary`,
  links: { playerIds: [1, 2], pageSlugs: [], contentPages: [], playerNames: {}, pageTitles: {} },
  data,
  metadata: { eventId: 'e', type, schemaVersion: 1, recordedAt: '2026-03-01T10:00:00.000Z', correlationId: 'corr-1', actor: 'public' },
});

const boardRow = (id: number, username: string, rank: number, elo: number) => ({
  id, username, rank, elo, tier: 'Vengeful', wins: 1, losses: 0, discordId: `d${id}`, winRate: 100, kdRatio: 1, totalKills: 1,
  totalDeaths: 1, totalAssists: 0, totalMatches: 1, avgKills: 1, avgDeaths: 1, avgAssists: 0, avgScore: 10,
});

function PastProfileStandIn({ playerId, asOf }: PastProfileProps) {
  return playerId == null ? null : <div role="dialog">{`Player ${playerId} as of ${asOf}`}</div>;
}

function setup(
  auditEntry: AuditEntry,
  routes: Parameters<typeof mockFetch>[0],
  { withProfiles = false, role = 'moderator' }: { withProfiles?: boolean; role?: AdminRole } = {},
) {
  localStorage.setItem(ADMIN_KEY_STORAGE_KEY, 'admin-key');
  const fetch = mockFetch(routes);
  const onChanged = vi.fn();
  const details = <EventDetails entry={auditEntry} onChanged={onChanged} handleAdminError={() => false} />;
  // The audit route fills the slot with the players' dialog; here a stand-in shows what it is given.
  renderWithProviders(withProfiles ? <PastProfileDialogSlot.Provider value={PastProfileStandIn}>{details}</PastProfileDialogSlot.Provider> : details, {
    adminSession: adminSession(role),
  });
  return { ...fetch, onChanged, user: userEvent.setup({ delay: null }) };
}

describe('EventDetails corrections and time travel', () => {
  it('shows the leaderboard as it stood right after a ladder event', async () => {
    const { requests } = setup(entry('MatchRecorded', { matchId: 3 }), {
      'GET /api/players/leaderboard?asOf=12': { body: [boardRow(2, 'Ace', 1, 1016), boardRow(1, 'Bee', 2, 984)] },
    });
    const board = await screen.findByRole('region', { name: 'Leaderboard as of position 12' });
    await waitFor(() => expect(within(board).getByText('Ace')).toBeInTheDocument());
    expect(within(board).getByText('1016')).toBeInTheDocument();
    // Without a profile dialog provided, a name links to the live profile.
    expect(within(board).getByText('Ace').closest('a')).toHaveAttribute('href', '/tracker/players?playerId=2');
    expect(requests.map((r) => r.url)).toContain('/api/players/leaderboard?asOf=12');
  });

  it("opens a player's profile as it stood right after the event", async () => {
    const { user } = setup(entry('MatchRecorded', { matchId: 3 }), {
      'GET /api/players/leaderboard?asOf=12': { body: [boardRow(2, 'Ace', 1, 1016), boardRow(1, 'Bee', 2, 984)] },
    }, { withProfiles: true });
    const board = await screen.findByRole('region', { name: 'Leaderboard as of position 12' });
    await user.click(await within(board).findByRole('button', { name: 'Ace' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Player 2 as of 12');
  });

  it('voids a recorded match with a required reason, sent with the admin key', async () => {
    const { user, requests, onChanged } = setup(entry('MatchRecorded', { matchId: 3 }), {
      'GET /api/players/leaderboard?asOf=12': { body: [] },
      'POST /api/admin/matches/3/void': { body: { matchId: 3, reason: 'Wrong teams', position: 13, participants: [] } },
    });
    // The void dialog is a lazy chunk (shared with the player profile): its first compile under vitest takes a moment.
    await user.click(await screen.findByRole('button', { name: 'Void match' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Void match' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), '  Wrong teams ');
    await user.click(confirm);
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    const request = requests.find((r) => r.method === 'POST')!;
    expect(request.body).toEqual({ reason: 'Wrong teams' });
    expect(request.headers.get('x-admin-key')).toBe('admin-key');
    expect(await screen.findByText('Match #3 voided')).toBeInTheDocument();
  });

  const merged = entry('PlayersMerged', { primaryId: 7, duplicateId: 12, primary: { discordId: '1', username: 'Shadow' }, duplicate: { discordId: '2', username: 'Shade' } });

  it('reverts a merge after saying in plain words what happens', async () => {
    const { user, requests, onChanged } = setup(merged, {
      'GET /api/players/leaderboard?asOf=12': { body: [] },
      'POST /api/admin/merges/revert': { body: { primaryId: 7, duplicateId: 12, position: 13 } },
    });
    await user.click(screen.getByRole('button', { name: 'Revert merge' }));
    expect(await screen.findByText('Undo this merge?')).toBeInTheDocument();
    expect(
      screen.getByText('Shade (#12) gets its own account and matches back, with its Discord ID and its share of the rating. Shadow (#7) keeps only its own.'),
    ).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Revert merge' })[1]!);
    expect(await screen.findByText('Merge reverted: Shade (#12) has its own account again')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({ primaryId: 7, duplicateId: 12 });
    expect(onChanged).toHaveBeenCalled();
  });

  it("names a merge's accounts as the server does when the event does not, and shows the server's refusal", async () => {
    const { user, requests, onChanged } = setup(
      { ...entry('PlayersMerged', { primaryId: 1, duplicateId: 7 }), links: { playerIds: [1, 7], pageSlugs: [], contentPages: [], playerNames: { 1: 'Ace' }, pageTitles: {} } },
      {
        'GET /api/players/leaderboard?asOf=12': { body: [] },
        'POST /api/admin/merges/revert': { status: 409, body: { error: 'This merge was already reverted.' } },
      },
    );
    await user.click(screen.getByRole('button', { name: 'Revert merge' }));
    expect(await screen.findByText(/^Player #7 gets its own account and matches back, .* Ace \(#1\) keeps only its own\.$/)).toBeInTheDocument();
    // The confirm popover adds its own "Revert merge" button: the one that sends the request.
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Revert merge' })).toHaveLength(2));
    await user.click(screen.getAllByRole('button', { name: 'Revert merge' })[1]!);
    expect(await screen.findByText('This merge was already reverted.')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({ primaryId: 1, duplicateId: 7 });
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('reverts a rename by renaming the player back to the name before it', async () => {
    const { user, requests, onChanged } = setup(entry('PlayerRenamed', { playerId: 4, username: 'Player69 is a cheater', previousUsername: 'Ace' }), {
      'GET /api/players/leaderboard?asOf=12': { body: [] },
      'POST /api/admin/players/4/rename': { body: { playerId: 4, username: 'Ace', previousUsername: 'Player69 is a cheater', position: 13 } },
    });
    await user.click(screen.getByRole('button', { name: 'Revert rename' }));
    expect(await screen.findByText('Undo this rename?')).toBeInTheDocument();
    expect(screen.getByText('Player #4 is called "Ace" again instead of "Player69 is a cheater", everywhere the name shows.')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Revert rename' })[1]!);
    expect(await screen.findByText('Rename reverted: player #4 is called "Ace" again')).toBeInTheDocument();
    const request = requests.find((r) => r.method === 'POST')!;
    expect(request.body).toEqual({ username: 'Ace' });
    expect(request.headers.get('x-admin-key')).toBe('admin-key');
    expect(onChanged).toHaveBeenCalled();
  });

  it("reverts an image's alt text change for an editor: PATCH with the text it replaced", async () => {
    const altChanged = { ...entry('MediaAltChanged', { id: 'm0123456789abcdef', fileName: 'crest.png', alt: 'New crest', previousAlt: 'Old crest' }), streamId: 'media-library' };
    const { user, requests, onChanged } = setup(altChanged, { 'PATCH /api/admin/media/m0123456789abcdef': { body: {} } }, { role: 'editor' });
    await user.click(screen.getByRole('button', { name: 'Revert alt text' }));
    expect(await screen.findByText('crest.png gets its alt text "Old crest" back.')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Revert alt text' })[1]!);
    expect(await screen.findByText('Alt text of crest.png reverted')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')!.body).toEqual({ alt: 'Old crest' });
    expect(onChanged).toHaveBeenCalled();
  });

  const profileEdited = (previous: unknown): AuditEntry => ({
    ...entry('PlayerProfileEdited', { playerId: 4, changes: { avatarUrl: '/media/new.png', socials: { x: 'https://x.com/ace' } }, previous }),
    streamId: 'player-profile-4',
    links: { playerIds: [4], pageSlugs: [], contentPages: [], playerNames: { 4: 'Ace' }, pageTitles: {} },
  });

  it("reverts a player's profile edit by sending the values before it back through the profile's own write", async () => {
    const previous = { avatarUrl: null, socials: { twitch: 'https://www.twitch.tv/ace' } };
    const { user, requests, onChanged } = setup(profileEdited(previous), {
      'PUT /api/admin/players/4/profile': { body: { playerId: 4, ...previous, position: 14 } },
    });
    await user.click(screen.getByRole('button', { name: 'Revert profile edit' }));
    expect(await screen.findByText('Undo this profile edit?')).toBeInTheDocument();
    expect(screen.getByText('Ace (#4) gets back the avatar and social links from before this edit.')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Revert profile edit' })[1]!);
    expect(await screen.findByText('Profile edit reverted for Ace (#4)')).toBeInTheDocument();
    const request = requests.find((r) => r.method === 'PUT')!;
    expect(request.url).toBe('/api/admin/players/4/profile');
    expect(request.body).toEqual(previous);
    expect(request.headers.get('x-admin-key')).toBe('admin-key');
    expect(onChanged).toHaveBeenCalled();
    // A profile edit moves no rating: no board as of it.
    expect(screen.queryByRole('region', { name: /Leaderboard as of/ })).not.toBeInTheDocument();
  });

  it('puts back only the fields the edit changed, and shows the server\'s refusal', async () => {
    const { user, requests, onChanged } = setup(profileEdited({ avatarUrl: 'https://cdn.example.com/old.png' }), {
      'PUT /api/admin/players/4/profile': { status: 400, body: { error: 'The player profile is not valid.' } },
    });
    await user.click(screen.getByRole('button', { name: 'Revert profile edit' }));
    expect(await screen.findByText('Ace (#4) gets back the avatar from before this edit.')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Revert profile edit' })[1]!);
    expect(await screen.findByText('The player profile is not valid.')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')!.body).toEqual({ avatarUrl: 'https://cdn.example.com/old.png' });
    expect(onChanged).not.toHaveBeenCalled();
  });

  it.each(['editor', 'recorder'] as const)('offers no profile revert to an %s key', (role) => {
    setup(profileEdited({ avatarUrl: null }), {}, { role });
    expect(screen.queryByRole('button', { name: 'Revert profile edit' })).not.toBeInTheDocument();
  });

  it.each(['editor', 'recorder'] as const)('offers no correction to an %s key, whose role does not cover them', (role) => {
    // Corrections are the moderator's (the owner's too): the same check hides Void match.
    setup(entry('PlayersMerged', { primaryId: 1, duplicateId: 7 }), { 'GET /api/players/leaderboard?asOf=12': { body: [] } }, { role });
    setup(entry('PlayerRenamed', { playerId: 4, username: 'B', previousUsername: 'A' }), { 'GET /api/players/leaderboard?asOf=12': { body: [] } }, { role });
    expect(screen.queryByRole('button', { name: 'Revert merge' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revert rename' })).not.toBeInTheDocument();
  });

  it('offers the corrections to the owner key too', () => {
    setup(entry('PlayersMerged', { primaryId: 1, duplicateId: 7 }), { 'GET /api/players/leaderboard?asOf=12': { body: [] } }, { role: 'owner' });
    expect(screen.getByRole('button', { name: 'Revert merge' })).toBeInTheDocument();
  });

  it('offers no correction for content events and shows no board for them', () => {
    setup({ ...entry('ContentEdited', { id: 4, section: 'hero' }), streamId: 'content-home' }, {});
    expect(screen.queryByRole('button', { name: 'Void match' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revert merge' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Leaderboard as of/ })).not.toBeInTheDocument();
  });
});

describe('EventDetails of season events', () => {
  const started = entry('SeasonStarted', {
    seasonId: 2,
    name: 'Spring Split',
    startedAt: '2026-03-01T10:00:00.000Z',
    softResetPercent: 25,
    endedSeasonId: 1,
    firstMatchId: 9,
    ratings: [
      { playerId: 1, pool: 'overall', before: 1400, after: 1300 },
      { playerId: 1, pool: 1, before: 1000, after: 1000 },
      { playerId: 2, pool: 'overall', before: 900, after: 925 },
    ],
  });

  it('says which season started, which ended, the soft reset and how many ratings moved, with the board after it', async () => {
    setup(started, { 'GET /api/players/leaderboard?asOf=12': { body: [boardRow(1, 'Ace', 1, 1300)] } });
    const details = screen.getByRole('region', { name: 'Season started' });
    const rows = within(details).getAllByRole('definition').map((dd) => [dd.previousElementSibling!.textContent, dd.textContent]);
    expect(rows).toEqual([
      ['Season', '#2 Spring Split'],
      ['Ended', 'Season #1, its final standings frozen here'],
      ['Soft reset', '25% toward 1000'],
      ['Ratings moved', '2 of 3 ratings (2 players)'],
      ['First match', '#9 and later'],
    ]);
    expect(await screen.findByRole('region', { name: 'Leaderboard as of position 12' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Void match' })).not.toBeInTheDocument();
  });

  it('names the first season without a reset', () => {
    setup({ ...started, data: { ...(started.data as object), seasonId: 1, endedSeasonId: null, softResetPercent: 0, ratings: [] } }, {
      'GET /api/players/leaderboard?asOf=12': { body: [] },
    });
    const details = screen.getByRole('region', { name: 'Season started' });
    expect(details).toHaveTextContent('EndedNone: this names the first season');
    expect(details).toHaveTextContent('Soft resetNone (0%)');
    expect(details).toHaveTextContent('Ratings moved0 of 0 ratings (0 players)');
  });

  it('shows a rename as the old and the new name, with no board', () => {
    setup(entry('SeasonRenamed', { seasonId: 1, name: 'Winter Classic', previousName: 'Season 1', recordedAt: '2026-03-01T10:00:00.000Z' }), {});
    const details = screen.getByRole('region', { name: 'Season renamed' });
    expect(details).toHaveTextContent('Season#1');
    expect(details).toHaveTextContent('Old nameSeason 1');
    expect(details).toHaveTextContent('New nameWinter Classic');
    expect(screen.queryByRole('region', { name: /Leaderboard as of/ })).not.toBeInTheDocument();
  });
});
