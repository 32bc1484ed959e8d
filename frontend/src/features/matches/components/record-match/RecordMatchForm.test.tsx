import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MODES, RECORD_MATCH_ERRORS } from '@team/contracts';
import { useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { mockFetch, type MockAnswer, type RecordedRequest } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import { searchKnownPlayers } from '@/test/fixtures/known-players';
import { RecordMatchForm } from './RecordMatchForm';

function Location() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function setup(postAnswer: MockAnswer | ((request: RecordedRequest) => MockAnswer | Promise<MockAnswer>) = { status: 201, body: { matchId: 1, position: 1, participants: [] } }) {
  const fetch = mockFetch({ 'GET /api/modes': { body: MODES }, 'POST /api/matches': postAnswer, 'GET /api/players/search': searchKnownPlayers });
  const user = userEvent.setup({ delay: null });
  renderWithProviders(
    <>
      <RecordMatchForm />
      <Location />
    </>,
    { route: '/tracker/record-match' },
  );
  return { ...fetch, user };
}

/** The Winner badge of a team card (its button reads "✓ Winner" too). */
function winnerBadge(teamName: 'Team 1' | 'Team 2') {
  return team(teamName).queryByText('Winner', { selector: '.plain-tag' });
}

function team(name: 'Team 1' | 'Team 2') {
  return within(screen.getByRole('group', { name }));
}

function player(teamName: 'Team 1' | 'Team 2', index = 1) {
  return within(screen.getByRole('group', { name: `${teamName}, player ${index}` }));
}

async function fillIdentity(user: ReturnType<typeof userEvent.setup>, teamName: 'Team 1' | 'Team 2', discordId: string, username: string, index = 1) {
  await user.type(player(teamName, index).getByLabelText('Discord ID'), discordId);
  await user.type(player(teamName, index).getByLabelText('Username'), username);
}

async function setCount(user: ReturnType<typeof userEvent.setup>, teamName: 'Team 1' | 'Team 2', label: string, value: string, index = 1) {
  const input = player(teamName, index).getByLabelText(label);
  await user.clear(input);
  await user.type(input, value);
}

function posts(requests: RecordedRequest[]) {
  return requests.filter((request) => request.method === 'POST');
}

describe('RecordMatchForm', () => {
  it('starts with one player per team, team1 as winner, no mode', async () => {
    setup();
    expect(screen.getAllByRole('group', { name: /player \d$/ })).toHaveLength(2);
    expect(winnerBadge('Team 1')).toBeInTheDocument();
    expect(winnerBadge('Team 2')).not.toBeInTheDocument();
    expect(screen.getByText('No Mode (Overall ELO)')).toBeInTheDocument();
    expect(screen.getByText('ELO is calculated using 70% win/loss and 30% performance metrics.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove player' })).not.toBeInTheDocument();
  });

  it('blocks submission without a Discord ID and username for every player', async () => {
    const { user, requests } = setup();
    await fillIdentity(user, 'Team 1', '111', 'alpha');
    await user.click(screen.getByRole('button', { name: 'Record Match' }));

    expect(await screen.findByText(RECORD_MATCH_ERRORS.missingIdentity.title)).toBeInTheDocument();
    expect(screen.getByText('All players must have a Discord ID and username.')).toBeInTheDocument();
    expect(posts(requests)).toHaveLength(0);
  });

  it('blocks submission when only some players have K/D stats, marking the kills and deaths missing', async () => {
    const { user, requests } = setup();
    await fillIdentity(user, 'Team 1', '111', 'alpha');
    await fillIdentity(user, 'Team 2', '222', 'bravo');
    await setCount(user, 'Team 1', 'Kills', '5');
    await setCount(user, 'Team 1', 'Deaths', '2');
    await user.click(screen.getByRole('button', { name: 'Record Match' }));

    expect(await screen.findByText('Incomplete K/D Stats')).toBeInTheDocument();
    expect(
      screen.getByText('Either all players must have both kills and deaths, or leave K/D stats blank for everyone.'),
    ).toBeInTheDocument();
    expect(posts(requests)).toHaveLength(0);
    for (const label of ['Kills', 'Deaths']) expect(player('Team 2').getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    expect(player('Team 2').getByLabelText('Kills')).toHaveFocus();
    expect(player('Team 2').getByText('Kills and deaths are blank while other players have K/D stats.')).toBeInTheDocument();
    expect(player('Team 1').getByLabelText('Kills')).not.toHaveAttribute('aria-invalid');
  });

  it('names the rows at fault in the refusal, under the rule’s own words', async () => {
    const { user } = setup();
    await user.click(team('Team 2').getByRole('button', { name: 'Add Player' }));
    await fillIdentity(user, 'Team 1', '111', 'alpha');
    await fillIdentity(user, 'Team 2', '222', 'bravo');
    await fillIdentity(user, 'Team 2', '333', 'charlie', 2);
    await setCount(user, 'Team 2', 'Kills', '5', 2);
    await setCount(user, 'Team 2', 'Deaths', '2', 2);
    await user.click(screen.getByRole('button', { name: 'Record Match' }));

    expect(await screen.findByText('Either all players must have both kills and deaths, or leave K/D stats blank for everyone.')).toBeInTheDocument();
    expect(screen.getByText('Check Team 1, player 1; Team 2, player 1.')).toBeInTheDocument();
    for (const label of ['Kills', 'Deaths']) {
      expect(player('Team 1').getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
      expect(player('Team 2', 2).getByLabelText(label)).not.toHaveAttribute('aria-invalid');
    }
  });

  it('blocks submission when kills and deaths are not entered for the same number of players', async () => {
    const { user, requests } = setup();
    await fillIdentity(user, 'Team 1', '111', 'alpha');
    await fillIdentity(user, 'Team 2', '222', 'bravo');
    await setCount(user, 'Team 1', 'Kills', '5');
    await setCount(user, 'Team 1', 'Deaths', '2');
    await setCount(user, 'Team 2', 'Deaths', '3');
    await user.click(screen.getByRole('button', { name: 'Record Match' }));

    expect(
      await screen.findByText(
        'If you enter kills for a player, you must also enter deaths (and vice versa). K/D stats must be complete for all players or omitted entirely.',
      ),
    ).toBeInTheDocument();
    expect(posts(requests)).toHaveLength(0);
  });

  it('records a valid match with an Idempotency-Key, toasts and resets the form', async () => {
    const { user, requests } = setup();
    await user.click(team('Team 2').getByRole('button', { name: 'Set as Winner' }));
    await fillIdentity(user, 'Team 1', '111', 'alpha');
    await fillIdentity(user, 'Team 2', '222', 'bravo');
    await setCount(user, 'Team 1', 'Kills', '10');
    await setCount(user, 'Team 1', 'Deaths', '4');
    await setCount(user, 'Team 1', 'Assists', '2');
    await setCount(user, 'Team 2', 'Kills', '4');
    await setCount(user, 'Team 2', 'Deaths', '10');
    expect(player('Team 1').getByText('2.50')).toBeInTheDocument(); // K/D 10/4
    expect(player('Team 1').getByText('3.00')).toBeInTheDocument(); // KDA (10+2)/4

    await user.click(screen.getByRole('button', { name: 'Record Match' }));

    expect(await screen.findByText('Match Recorded')).toBeInTheDocument();
    expect(screen.getByText('ELO ratings have been updated successfully')).toBeInTheDocument();
    const [post] = posts(requests);
    expect(post!.url).toBe('/api/matches');
    expect(post!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(post!.headers.get('Content-Type')).toBe('application/json');
    expect(post!.body).toEqual({
      winningTeam: 'team2',
      team1: [{ discordId: '111', username: 'alpha', kills: 10, deaths: 4, assists: 2, score: 0 }],
      team2: [{ discordId: '222', username: 'bravo', kills: 4, deaths: 10, assists: 0, score: 0 }],
    });
    await waitFor(() => expect(player('Team 1').getByLabelText('Username')).toHaveValue(''));
    expect(winnerBadge('Team 1')).toBeInTheDocument();
  });

  it('sends the map trimmed when filled (at most 40 characters), and clears it after success', async () => {
    const { user, requests } = setup();
    const map = screen.getByLabelText('Map (optional)');
    expect(map).toHaveAttribute('maxLength', '40');
    await user.type(map, '  Dust II  ');
    await fillIdentity(user, 'Team 1', '111', 'alpha');
    await fillIdentity(user, 'Team 2', '222', 'bravo');
    await user.click(screen.getByRole('button', { name: 'Record Match' }));

    expect(await screen.findByText('Match Recorded')).toBeInTheDocument();
    expect(posts(requests)[0]!.body).toMatchObject({ map: 'Dust II', winningTeam: 'team1' });
    await waitFor(() => expect(screen.getByLabelText('Map (optional)')).toHaveValue(''));
  });

  it('suggests a map of the team’s game (Call of Duty), not another game’s', async () => {
    setup();
    expect(screen.getByLabelText('Map (optional)')).toHaveAttribute('placeholder', 'e.g. Highrise');
  });

  it('leaves a blank map out of the request', async () => {
    const { user, requests } = setup();
    await user.type(screen.getByLabelText('Map (optional)'), '   ');
    await fillIdentity(user, 'Team 1', '111', 'alpha');
    await fillIdentity(user, 'Team 2', '222', 'bravo');
    await user.click(screen.getByRole('button', { name: 'Record Match' }));

    expect(await screen.findByText('Match Recorded')).toBeInTheDocument();
    expect(posts(requests)[0]!.body).not.toHaveProperty('map');
  });

  it("shows the server's error message when recording fails", async () => {
    const { user } = setup({ status: 400, body: { error: 'Winning team cannot have the lower score' } });
    await fillIdentity(user, 'Team 1', '111', 'alpha');
    await fillIdentity(user, 'Team 2', '222', 'bravo');
    await user.click(screen.getByRole('button', { name: 'Record Match' }));

    expect(await screen.findByText('Winning team cannot have the lower score')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(player('Team 1').getByLabelText('Username')).toHaveValue('alpha');
  });

  it('falls back to "Failed to record match" when the server gives no message', async () => {
    const { user } = setup({ status: 500, body: '' });
    await fillIdentity(user, 'Team 1', '111', 'alpha');
    await fillIdentity(user, 'Team 2', '222', 'bravo');
    await user.click(screen.getByRole('button', { name: 'Record Match' }));

    expect(await screen.findByText('Failed to record match')).toBeInTheDocument();
  });

  it('adds and removes player rows, keeping at least one', async () => {
    const { user } = setup();
    await user.click(team('Team 1').getByRole('button', { name: /Add Player/ }));
    expect(team('Team 1').getAllByRole('button', { name: 'Remove player' })).toHaveLength(2);
    await user.click(team('Team 1').getAllByRole('button', { name: 'Remove player' })[0]!);
    expect(team('Team 1').queryByRole('button', { name: 'Remove player' })).not.toBeInTheDocument();
  });

  it('shows the mode stat and final score inputs for a mode with a score limit', async () => {
    const { user, requests } = setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Game Mode' }), await screen.findByRole('option', { name: 'Hardpoint' }));

    expect(screen.getAllByLabelText('Time (seconds)')).toHaveLength(2);
    expect(screen.getAllByText('Max: 250')).toHaveLength(2);
    expect(screen.getByText(/score margin affects ELO gain\/loss/)).toBeInTheDocument();

    await fillIdentity(user, 'Team 1', '111', 'alpha');
    await fillIdentity(user, 'Team 2', '222', 'bravo');
    await user.type(team('Team 1').getByLabelText('Final Score'), '250');
    await user.type(team('Team 2').getByLabelText('Final Score'), '180');
    await setCount(user, 'Team 1', 'Time (seconds)', '95');
    await user.click(screen.getByRole('button', { name: 'Record Match' }));

    await screen.findByText('Match Recorded');
    expect(posts(requests)[0]!.body).toMatchObject({
      modeId: 1,
      team1Score: 250,
      team2Score: 180,
      team1: [{ hardpointTime: 95 }],
      team2: [{ hardpointTime: 0 }],
    });
  });

  /** Records a Hardpoint match whose Team 1 scored 250, after `enterTeam2Score` has had Team 2's Final Score field; returns the request body. */
  async function recordHardpointScores(enterTeam2Score: (user: ReturnType<typeof userEvent.setup>, field: HTMLElement) => Promise<void>) {
    const { user, requests } = setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Game Mode' }), await screen.findByRole('option', { name: 'Hardpoint' }));
    await fillIdentity(user, 'Team 1', '111', 'alpha');
    await fillIdentity(user, 'Team 2', '222', 'bravo');
    await user.type(team('Team 1').getByLabelText('Final Score'), '250');
    await enterTeam2Score(user, team('Team 2').getByLabelText('Final Score'));
    await user.click(screen.getByRole('button', { name: 'Record Match' }));
    await screen.findByText('Match Recorded');
    return posts(requests)[0]!.body;
  }

  it('sends a non-numeric Final Score as 0 instead of dropping the scores (docs/product.md#validation)', async () => {
    // "5e" is no number: the field's value reads empty.
    const body = await recordHardpointScores((user, field) => user.type(field, '5e'));
    expect(body).toMatchObject({ modeId: 1, team1Score: 250, team2Score: 0 });
  });

  it('makes a Final Score of only non-numeric text 0', async () => {
    // Chromium keeps "-" typed into an empty number field as bad input with an empty value:
    // an input event, but no change. jsdom has no bad input, hence the stubbed validity.
    const body = await recordHardpointScores(async (_user, field) => {
      Object.defineProperty(field, 'validity', { value: { badInput: true } });
      fireEvent.input(field);
    });
    expect(body).toMatchObject({ modeId: 1, team1Score: 250, team2Score: 0 });
  });

  it('reuses the Idempotency-Key when the same form is resubmitted, and changes it after an edit', async () => {
    let attempts = 0;
    const { user, requests } = setup(() => (++attempts < 3 ? { status: 503, body: { error: 'Store unavailable' } } : { status: 201, body: {} }));
    await fillIdentity(user, 'Team 1', '111', 'alpha');
    await fillIdentity(user, 'Team 2', '222', 'bravo');
    await user.click(screen.getByRole('button', { name: 'Record Match' }));
    await screen.findByText('Store unavailable');
    await user.click(screen.getByRole('button', { name: 'Record Match' }));
    await waitFor(() => expect(posts(requests)).toHaveLength(2));
    await screen.findByRole('button', { name: 'Record Match' });
    await user.type(player('Team 2').getByLabelText('Username'), '2');
    await user.click(await screen.findByRole('button', { name: 'Record Match' }));
    await screen.findByText('Match Recorded');

    const keys = posts(requests).map((request) => request.headers.get('Idempotency-Key'));
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('reads Recording... and is disabled while the request runs', async () => {
    let answer: (value: MockAnswer) => void = () => {};
    const { user } = setup(() => new Promise<MockAnswer>((resolve) => (answer = resolve)));
    await fillIdentity(user, 'Team 1', '111', 'alpha');
    await fillIdentity(user, 'Team 2', '222', 'bravo');
    await user.click(screen.getByRole('button', { name: 'Record Match' }));

    expect(await screen.findByRole('button', { name: 'Recording...' })).toBeDisabled();
    answer({ status: 201, body: {} });
    expect(await screen.findByText('Match Recorded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Record Match' })).toBeEnabled();
  });
  it("marks the winner's button as chosen while the other team's still offers Set as Winner", async () => {
    const { user } = setup();
    const chosen = team('Team 1').getByRole('button', { name: 'Winner' });
    expect(chosen).toHaveAttribute('aria-pressed', 'true');
    expect(chosen).toHaveTextContent('✓ Winner');
    expect(team('Team 2').getByRole('button', { name: 'Set as Winner' })).toHaveAttribute('aria-pressed', 'false');
    expect(team('Team 1').queryByRole('button', { name: 'Set as Winner' })).not.toBeInTheDocument();

    await user.click(team('Team 2').getByRole('button', { name: 'Set as Winner' }));
    expect(team('Team 2').getByRole('button', { name: 'Winner' })).toHaveAttribute('aria-pressed', 'true');
    expect(team('Team 1').getByRole('button', { name: 'Set as Winner' })).toHaveAttribute('aria-pressed', 'false');
    expect(winnerBadge('Team 2')).toBeInTheDocument();
  });

  it('marks the fields at fault and moves the focus to the first; a field fixed loses its mark', async () => {
    const { user } = setup();
    await fillIdentity(user, 'Team 1', '111', 'alpha');
    await user.type(player('Team 2').getByLabelText('Discord ID'), '222');
    await user.click(screen.getByRole('button', { name: 'Record Match' }));

    expect(await screen.findByText('All players must have a Discord ID and username.')).toBeInTheDocument();
    const username = player('Team 2').getByLabelText('Username');
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveFocus();
    expect(username).toHaveAccessibleDescription('Username is required.');
    expect(player('Team 2').getByLabelText('Discord ID')).not.toHaveAttribute('aria-invalid');
    expect(player('Team 1').getByLabelText('Username')).not.toHaveAttribute('aria-invalid');

    await user.type(username, 'bravo');
    expect(username).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Username is required.')).not.toBeInTheDocument();
  });

  it('asks before recording a new Discord ID under a known name, and records once confirmed', async () => {
    const { user, requests } = setup({ status: 201, body: { matchId: 41, position: 9, participants: [] } });
    await fillIdentity(user, 'Team 1', '400000000000000020', 'Grace');
    await fillIdentity(user, 'Team 2', '499999999999999999', 'Ace');
    await user.click(screen.getByRole('button', { name: 'Record Match' }));

    const dialog = await screen.findByRole('dialog', { name: 'New Discord IDs for known names' }, { timeout: 10_000 });
    expect(
      within(dialog).getByText("Team 2, player 1: 'Ace' (new Discord ID 499999999999999999) is already player ID 12 with Discord ID 400000000000000012."),
    ).toBeInTheDocument();
    expect(posts(requests)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Record anyway' }));
    expect(await screen.findByText('Match Recorded')).toBeInTheDocument();
    expect(posts(requests)[0]!.body).toMatchObject({ team2: [{ discordId: '499999999999999999', username: 'Ace' }] });
  });

  it('goes back to the flagged row without recording when the confirm is declined', async () => {
    const { user, requests } = setup();
    await fillIdentity(user, 'Team 1', '111', 'alpha');
    await fillIdentity(user, 'Team 2', '499999999999999999', 'Ace');
    await user.click(screen.getByRole('button', { name: 'Record Match' }));

    const dialog = await screen.findByRole('dialog', { name: 'New Discord IDs for known names' }, { timeout: 10_000 });
    await user.click(within(dialog).getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(player('Team 2').getByLabelText('Discord ID')).toHaveFocus());
    expect(posts(requests)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Record Match' })).toBeEnabled();
  });

  it("links the success toast to the new match's page", async () => {
    const { user } = setup({ status: 201, body: { matchId: 41, position: 9, participants: [] } });
    await fillIdentity(user, 'Team 1', '111', 'alpha');
    await fillIdentity(user, 'Team 2', '222', 'bravo');
    await user.click(screen.getByRole('button', { name: 'Record Match' }));

    expect(await screen.findByText('Match Recorded')).toBeInTheDocument();
    expect(screen.getByText('ELO ratings have been updated successfully')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'View match' });
    expect(link).toHaveAttribute('href', '/tracker/matches/41');
    await user.click(link);
    expect(screen.getByTestId('location')).toHaveTextContent('/tracker/matches/41');
  });

  it('offers "Record another with these players": the players, mode and map again, without stats, scores or winner', async () => {
    const { user, requests } = setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Game Mode' }), await screen.findByRole('option', { name: 'Hardpoint' }));
    await user.type(screen.getByLabelText('Map (optional)'), 'Highrise');
    await user.click(team('Team 2').getByRole('button', { name: 'Add Player' }));
    await fillIdentity(user, 'Team 1', '111', 'alpha');
    await fillIdentity(user, 'Team 2', '222', 'bravo');
    await fillIdentity(user, 'Team 2', '333', 'charlie', 2);
    await user.click(team('Team 2').getByRole('button', { name: 'Set as Winner' }));
    await user.click(screen.getByRole('button', { name: 'Record Match' }));

    expect(await screen.findByText('Match Recorded')).toBeInTheDocument();
    // The rules' reset is the default: one empty row per team.
    expect(screen.getAllByRole('group', { name: /player \d$/ })).toHaveLength(2);
    expect(player('Team 1').getByLabelText('Discord ID')).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Record another with these players' }));
    expect(player('Team 1').getByLabelText('Discord ID')).toHaveValue('111');
    expect(player('Team 2', 2).getByLabelText('Username')).toHaveValue('charlie');
    expect(screen.getByLabelText('Map (optional)')).toHaveValue('Highrise');
    expect(player('Team 1').getByLabelText('Time (seconds)')).toBeInTheDocument();
    expect(player('Team 1').getByLabelText('Kills')).toHaveValue(0);
    expect(player('Team 1').getByLabelText('Kills')).toHaveFocus();
    expect(winnerBadge('Team 1')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Record Match' }));
    await waitFor(() => expect(posts(requests)).toHaveLength(2));
    expect(posts(requests)[1]!.body).toMatchObject({ modeId: 1, map: 'Highrise', winningTeam: 'team1', team2: [{ discordId: '222' }, { discordId: '333' }] });
  });
});
