import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MODES } from '@team/contracts';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import { REVIEW_NOTICE } from './RecordMatchForm';
import { RecordingGate } from './RecordingGate';

// PUBLIC_RECORDING=review (issue 43): the form says a moderator reviews what it sends, and after
// sending links to the submission's status instead of a match.

const SUBMISSION = '3f1c2b7e-1d2a-4c5b-8e9f-0a1b2c3d4e5f';

function setup(publicRecording: 'open' | 'review') {
  const fetch = mockFetch({
    'GET /api/settings': { body: { publicRecording } },
    'GET /api/modes': { body: MODES },
    'GET /api/players/search': { body: [] },
    'POST /api/matches': { status: 202, body: { submissionId: SUBMISSION, status: 'pending', statusUrl: `/api/submissions/${SUBMISSION}` } },
  });
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<RecordingGate />, { route: '/tracker/record-match' });
  return { ...fetch, user };
}

const player = (team: 'Team 1' | 'Team 2') => within(screen.getByRole('group', { name: `${team}, player 1` }));

describe('Record Match in review mode', () => {
  it('says submissions are reviewed, and links the status page after submitting', async () => {
    const { user, requests } = setup('review');
    expect(await screen.findByText(REVIEW_NOTICE)).toBeInTheDocument();
    await user.type(player('Team 1').getByLabelText('Discord ID'), '111');
    await user.type(player('Team 1').getByLabelText('Username'), 'alpha');
    await user.type(player('Team 2').getByLabelText('Discord ID'), '222');
    await user.type(player('Team 2').getByLabelText('Username'), 'bravo');
    await user.click(screen.getByRole('button', { name: 'Record Match' }));
    expect(await screen.findByText('Match Submitted', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View status' })).toHaveAttribute('href', `/tracker/submissions/${SUBMISSION}`);
    expect(screen.queryByText('Match Recorded')).not.toBeInTheDocument();
    const sent = requests.find((request) => request.method === 'POST')!;
    expect(sent.headers.get('x-admin-key')).toBeNull();
    // The form starts again, as after a recorded match.
    await waitFor(() => expect(player('Team 1').getByLabelText('Username')).toHaveValue(''));
  });

  it('says nothing of a review on an open site', async () => {
    const { requests } = setup('open');
    await waitFor(() => expect(requests.map((request) => request.url)).toContain('/api/settings'));
    await screen.findByRole('button', { name: 'Record Match' });
    expect(screen.queryByText(REVIEW_NOTICE)).not.toBeInTheDocument();
  });
});
