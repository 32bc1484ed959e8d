import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_KEY_STORAGE_KEY } from '@/lib/api';
import { adminSession } from '@/test/admin-session';
import { mockFetch } from '@/test/mock-fetch';
import { stubPhoneWidth } from '@/test/phone-width';
import { renderWithProviders } from '@/test/render';
import { contentEditedEntry, matchEntry } from '@/test/fixtures/audit-entries';
import { AuditLog } from './AuditLog';

function renderLog() {
  localStorage.setItem(ADMIN_KEY_STORAGE_KEY, 'admin-key');
  mockFetch({
    'GET /api/admin/events': { body: { events: [contentEditedEntry(3), matchEntry(2)], nextCursor: null } },
    'GET /api/admin/keys': { body: [] },
  });
  renderWithProviders(<AuditLog onLogout={vi.fn()} handleAdminError={vi.fn(() => false)} />, { route: '/admin/audit', adminSession: adminSession('owner') });
}

const field = (row: HTMLElement, title: string) => within(row).getByText(title, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('AuditLog on a phone', () => {
  it('lists each event in one column with its position, time, type, actor, summary and stream', async () => {
    stubPhoneWidth();
    renderLog();
    await screen.findAllByText(/Match #2/);
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).not.toContain('Stream');
    const rows = screen.getAllByRole('row').filter((row) => row.classList.contains('ant-table-row'));
    expect(rows).toHaveLength(2);
    const edit = rows[0]!;
    expect(within(edit).getAllByRole('term').map((term) => term.textContent)).toEqual(['Position', 'Time', 'Type', 'Stream', 'Actor', 'Summary']);
    expect(field(edit, 'Position')).toHaveTextContent('3');
    expect(within(field(edit, 'Time')).getByText((_, element) => element?.tagName === 'TIME')).toHaveAttribute('datetime', '2025-03-04T11:00:00.000Z');
    expect(field(edit, 'Type')).toHaveTextContent('ContentEdited');
    expect(field(edit, 'Actor')).toHaveTextContent('admin');
    // The cells are the desktop columns' own renders: the summary reads as it does there.
    expect(field(edit, 'Summary').textContent).not.toBe('');
    expect(field(rows[1]!, 'Summary')).toHaveTextContent(/Match #2/);
    expect(field(edit, 'Stream')).toHaveTextContent('content-about');
    expect(field(rows[1]!, 'Actor')).toHaveTextContent('public');
    // No 960 px table to scroll sideways.
    expect(document.querySelector<HTMLTableElement>('.audit-table table')!.style.width).not.toBe('960px');
  });

  it('still expands an event into its details', async () => {
    stubPhoneWidth();
    renderLog();
    await screen.findAllByText(/Match #2/);
    const rows = screen.getAllByRole('row').filter((row) => row.classList.contains('ant-table-row'));
    await userEvent.click(within(rows[1]!).getByRole('button', { name: /expand row/i }));
    expect(await screen.findByLabelText('Event 2 as JSON')).toBeInTheDocument();
  });
});
