import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Webhook, WebhookDelivery } from '@team/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_KEY_STORAGE_KEY } from '@/lib/api';
import { adminSession } from '@/test/admin-session';
import { mockFetch, type MockAnswer, type RecordedRequest } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import { Webhooks } from './Webhooks';

const webhook = (overrides: Partial<Webhook> = {}): Webhook => ({
  id: 'w0123456789ab',
  url: 'https://discord.com/api/webhooks/1/abc',
  kind: 'discord',
  events: ['match-recorded'],
  paused: false,
  pausedReason: null,
  pausedAt: null,
  pausedAutomatically: false,
  createdAt: '2030-05-01T10:00:00.000Z',
  updatedAt: '2030-05-01T10:00:00.000Z',
  ...overrides,
});

const failedDelivery: WebhookDelivery = {
  id: '41-w0123456789ab',
  webhookId: 'w0123456789ab',
  type: 'match-recorded',
  position: 41,
  status: 'failed',
  createdAt: '2030-05-01T10:05:00.000Z',
  deliveredAt: null,
  nextAttemptAt: null,
  attempts: [{ attempt: 1, startedAt: '2030-05-01T10:05:00.000Z', status: 500, ms: 120, error: null, excerpt: 'upstream broke' }],
};

type Route = MockAnswer | ((request: RecordedRequest) => MockAnswer);

function setup(routes: Record<string, Route> = {}) {
  localStorage.setItem(ADMIN_KEY_STORAGE_KEY, 'owner-key');
  const fetch = mockFetch({ 'GET /api/admin/webhooks': { body: { webhooks: [] } }, ...routes });
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<Webhooks onLogout={vi.fn()} handleAdminError={vi.fn(() => false)} />, { adminSession: adminSession('owner') });
  return { ...fetch, user };
}

describe('the Webhooks screen', () => {
  it('creates a generic webhook and shows its secret once, in a dialog only Done closes', async () => {
    const created = webhook({ kind: 'generic', url: 'https://hooks.example/in' });
    const { user, requests } = setup({
      'POST /api/admin/webhooks': { status: 201, body: { id: created.id, secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0MTIz', webhook: created } },
    });
    expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('URL'), 'https://hooks.example/in');
    await user.click(screen.getByRole('radio', { name: 'Generic (Standard Webhooks)' }));
    await user.click(screen.getByRole('button', { name: 'Create webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(dialog).getByLabelText('Secret')).toHaveValue('whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0MTIz');
    expect(within(dialog).getByText('Copy this secret now. It is not shown again.')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({ url: 'https://hooks.example/in', kind: 'generic', events: ['match-recorded'] });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Signing secret' })).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue(/whsec_/)).not.toBeInTheDocument();
  });

  it('refuses a URL that is not an address before sending anything', async () => {
    const { user, requests } = setup();
    await screen.findByText('No webhooks yet.');
    await user.type(screen.getByLabelText('URL'), 'discord channel');
    await user.click(screen.getByRole('button', { name: 'Create webhook' }));
    expect(await screen.findByText('the webhook URL must be a full https:// address')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('shows why a webhook is paused, resumes it, and redelivers a failed delivery with its attempts shown', async () => {
    const paused = webhook({ paused: true, pausedAutomatically: true, pausedReason: 'Deliveries failed for 24 hours; the last attempt got: HTTP 500.' });
    const { user, requests } = setup({
      'GET /api/admin/webhooks': { body: { webhooks: [paused] } },
      'PUT /api/admin/webhooks/w0123456789ab': { body: { ...paused, paused: false, pausedReason: null } },
      'GET /api/admin/webhooks/w0123456789ab/deliveries': { body: { deliveries: [failedDelivery] } },
      'POST /api/admin/webhooks/w0123456789ab/deliveries/41-w0123456789ab/redeliver': { status: 202, body: { deliveryId: failedDelivery.id } },
    });
    expect(await screen.findByText(/Deliveries failed for 24 hours/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ paused: false }));
    await user.click(screen.getByRole('button', { name: 'Deliveries' }));
    expect(await screen.findByText('upstream broke')).toBeInTheDocument();
    expect(screen.getByText(/HTTP 500 in 120 ms/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Redeliver 41-w0123456789ab' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST' && r.url.endsWith('/redeliver'))).toBe(true));
    expect(await screen.findByText('Redelivery queued')).toBeInTheDocument();
  });
});
