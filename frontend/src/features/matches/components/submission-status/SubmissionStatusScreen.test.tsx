import { screen } from '@testing-library/react';
import type { SubmissionStatusAnswer } from '@team/contracts';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import { SubmissionStatusScreen } from './SubmissionStatusScreen';

const ID = '3f1c2b7e-1d2a-4c5b-8e9f-0a1b2c3d4e5f';
const base: SubmissionStatusAnswer = {
  id: ID,
  status: 'pending',
  submittedAt: '2030-05-01T10:00:00.000Z',
  decidedAt: null,
  matchId: null,
  reason: null,
  match: {
    winningTeam: 'team2',
    team1: [{ discordId: '111', username: 'alpha', kills: 0, deaths: 0, assists: 0, score: 0 }],
    team2: [{ discordId: '222', username: 'bravo', kills: 0, deaths: 0, assists: 0, score: 0 }],
  },
};

/** Shows the page for the submission `base` changed by `changes`; null: the server knows no such submission. */
function show(changes: Partial<SubmissionStatusAnswer> | null) {
  mockFetch({ [`GET /api/submissions/${ID}`]: changes ? { body: { ...base, ...changes } } : { status: 404, body: { error: 'Submission not found' } } });
  renderWithProviders(<SubmissionStatusScreen submissionId={ID} notFound={<p>No such page</p>} />);
}

describe('a submission status page', () => {
  it('pending: says it changes no rating yet, and shows the teams', async () => {
    show({});
    expect(await screen.findByText('Pending review')).toBeInTheDocument();
    expect(screen.getByText(/It changes no rating until it is approved/)).toBeInTheDocument();
    expect(screen.getByText('Team 2 (winner)')).toBeInTheDocument();
    expect(screen.getByText('bravo')).toBeInTheDocument();
  });

  it('approved: links the recorded match', async () => {
    show({ status: 'approved', matchId: 42, decidedAt: '2030-05-01T11:00:00.000Z' });
    expect(await screen.findByText('Approved', { selector: '.plain-tag' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View match #42' })).toHaveAttribute('href', '/tracker/matches/42');
  });

  it('rejected: shows the reason', async () => {
    show({ status: 'rejected', reason: 'Played on the wrong server', decidedAt: '2030-05-01T11:00:00.000Z' });
    expect(await screen.findByText('Rejected', { selector: '.plain-tag' })).toBeInTheDocument();
    expect(screen.getByText('Played on the wrong server')).toBeInTheDocument();
  });

  it('an unknown submission shows the not-found page', async () => {
    show(null);
    expect(await screen.findByText('No such page')).toBeInTheDocument();
  });
});
