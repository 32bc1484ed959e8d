import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AdminRole, ImportDryRunReport, ImportProgress } from '@team/contracts';
import { ADMIN_KEY_STORAGE_KEY } from '@/lib/api';
import { mockFetch, type MockAnswer, type RecordedRequest } from '@/test/mock-fetch';
import { renderWithProviders } from '@/test/render';
import { adminSession } from '@/test/admin-session';
import { ImportExport } from './ImportExport';

type Route = MockAnswer | ((request: RecordedRequest) => MockAnswer);

const report = (overrides: Partial<ImportDryRunReport> = {}): ImportDryRunReport => ({
  file: 'history.csv',
  format: 'csv',
  locator: 'line',
  matches: 4,
  rows: 16,
  alreadyImported: 1,
  backdated: 0,
  ok: true,
  problems: [],
  moreProblems: 0,
  ...overrides,
});

const csv = () => new File(['match_key,played_at\n'], 'history.csv', { type: 'text/csv' });

/** A streamed answer body the test feeds one NDJSON line at a time. */
function progressStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    body,
    send: (line: ImportProgress) => controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`)),
    end: () => controller.close(),
  };
}

function setup(routes: Record<string, Route>, role: AdminRole = 'owner') {
  localStorage.setItem(ADMIN_KEY_STORAGE_KEY, 'admin-key');
  const fetch = mockFetch(routes);
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<ImportExport onLogout={vi.fn()} handleAdminError={vi.fn(() => false)} />, { adminSession: adminSession(role) });
  const upload = (file: File) => user.upload(screen.getByLabelText('File to import'), file);
  return { ...fetch, user, upload };
}

/** The Import button, found by its text: in jsdom antd's loading icon never finishes leaving, so it stays in the name. */
const importButton = () => screen.getByText('Import', { selector: 'button > span' }).closest('button')!;

const imports = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'POST' && r.url === '/api/admin/import');

describe('ImportExport', () => {
  it("lists a dry run's problems by line, field and message and offers no import", async () => {
    const { upload, requests } = setup({
      'POST /api/admin/import?dryRun=true': {
        body: report({
          ok: false,
          problems: [
            { line: 3, field: 'winning_team', message: 'winning_team must be 1 or 2' },
            { line: 7, field: 'kills', message: 'Kills must be a whole number from 0 to 1000' },
          ],
          moreProblems: 1,
        }),
      },
    });
    await upload(csv());

    const table = await screen.findByRole('table', { name: 'Problems in the file' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Line', 'Field', 'Message']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['3', 'winning_team', 'winning_team must be 1 or 2'],
      ['7', 'kills', 'Kills must be a whole number from 0 to 1000'],
    ]);
    expect(screen.getByText('3 problems in history.csv: nothing can be imported until they are fixed.')).toBeInTheDocument();
    expect(screen.getByText('The first 2 are listed.')).toBeInTheDocument();

    // Only the dry run went out, with the file's name; there is nothing to start an import with.
    expect(screen.queryByRole('button', { name: 'Import' })).not.toBeInTheDocument();
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/admin/import?dryRun=true']);
    expect(requests[0]!.headers.get('x-file-name')).toBe('history.csv');
    expect(requests[0]!.headers.get('x-admin-key')).toBe('admin-key');
    expect(imports(requests)).toHaveLength(0);
  });

  it('imports a clean file with the progress bar following the streamed lines, then the summary', async () => {
    const stream = progressStream();
    const { user, upload, requests } = setup({
      'POST /api/admin/import?dryRun=true': { body: report() },
      'POST /api/admin/import': { body: stream.body },
    });
    await upload(csv());
    expect(await screen.findByText('history.csv: 4 matches (16 rows) are valid.')).toBeInTheDocument();
    expect(screen.getByText('3 to record, 1 already imported.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Problems in the file' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Import' }));
    const bar = () => screen.getByRole('progressbar', { name: 'Import progress' });
    stream.send({ type: 'progress', done: 1, total: 4, recorded: 0, skipped: 1 });
    await waitFor(() => expect(bar()).toHaveAttribute('aria-valuenow', '25'));
    expect(screen.getByText('1 of 4 matches: 0 recorded, 1 skipped as already imported.')).toBeInTheDocument();
    stream.send({ type: 'progress', done: 3, total: 4, recorded: 2, skipped: 1 });
    await waitFor(() => expect(bar()).toHaveAttribute('aria-valuenow', '75'));
    stream.send({ type: 'done', done: 4, total: 4, recorded: 3, skipped: 1, position: 42, ms: 1234 });
    stream.end();

    await waitFor(() => expect(bar()).toHaveAttribute('aria-valuenow', '100'));
    expect(await screen.findByText('4 of 4 matches: 3 recorded, 1 skipped as already imported in 1.2 s.')).toBeInTheDocument();
    expect(await screen.findByText('Import finished')).toBeInTheDocument();
    expect(screen.getByText('3 matches recorded, 1 already imported.')).toBeInTheDocument();
    // A finished import is not offered again for the same file.
    await waitFor(() => expect(importButton()).not.toHaveClass('ant-btn-loading'));
    expect(importButton()).toBeDisabled();
    expect(imports(requests)).toHaveLength(1);
  });

  it('offers older history as such: checked again as backdated, then imported with backdated=true (issue 25 item 8)', async () => {
    const stream = progressStream();
    const { user, upload, requests } = setup({
      'POST /api/admin/import?dryRun=true': {
        body: report({ ok: false, backdated: 2, problems: [{ line: 2, field: 'played_at', message: "The match was played at 2023-01-01T20:00:00.000Z, before the ladder's latest event" }] }),
      },
      'POST /api/admin/import?dryRun=true&backdated=true': { body: report({ backdated: 2 }) },
      'POST /api/admin/import?backdated=true': { body: stream.body },
    });
    await upload(csv());
    expect(await screen.findByText("2 matches were played before the ladder's latest match.")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check as older history' }));

    expect(await screen.findByText('history.csv: 4 matches (16 rows) are valid.')).toBeInTheDocument();
    expect(
      screen.getByText("3 to record, 1 already imported. As older history: rated now, in played order (2 played before the ladder's latest match)."),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import' }));
    stream.send({ type: 'done', done: 4, total: 4, recorded: 3, skipped: 1, position: 42, ms: 10 });
    stream.end();
    expect(await screen.findByText('Import finished')).toBeInTheDocument();
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/admin/import?dryRun=true',
      'POST /api/admin/import?dryRun=true&backdated=true',
      'POST /api/admin/import?backdated=true',
    ]);
  });

  it('says the import was interrupted, and stops the bar, when the stream ends without a last line', async () => {
    const stream = progressStream();
    const { user, upload } = setup({
      'POST /api/admin/import?dryRun=true': { body: report() },
      'POST /api/admin/import': { body: stream.body },
    });
    await upload(csv());
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    const bar = () => screen.getByRole('progressbar', { name: 'Import progress' });
    stream.send({ type: 'progress', done: 2, total: 4, recorded: 1, skipped: 1 });
    await waitFor(() => expect(bar()).toHaveAttribute('aria-valuenow', '50'));
    stream.end();

    expect(await screen.findByText('Import interrupted')).toBeInTheDocument();
    expect(screen.getAllByText(/run it again to resume/).length).toBeGreaterThan(0);
    await waitFor(() => expect(bar().closest('.ant-progress')).toHaveClass('ant-progress-status-exception'));
    expect(screen.queryByText('Import finished')).not.toBeInTheDocument();
    await waitFor(() => expect(importButton()).toBeEnabled());
  });

  it('shows the server message when another import is running', async () => {
    const { user, upload } = setup({
      'POST /api/admin/import?dryRun=true': { body: report() },
      'POST /api/admin/import': { status: 409, body: { error: 'Another import is running. Try again when it has finished.' } },
    });
    await upload(csv());
    await user.click(await screen.findByRole('button', { name: 'Import' }));

    expect(await screen.findByText('Another import is running. Try again when it has finished.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Import progress' })).not.toBeInTheDocument();
    await waitFor(() => expect(importButton()).toBeEnabled());
  });

  it('takes the file in a drop area and offers the templates and the exports as buttons', () => {
    setup({});
    expect(screen.getByRole('button', { name: /Choose a file to import, or drop it here/ })).toBeInTheDocument();
    for (const name of ['CSV template', 'JSON template', 'Players (CSV)']) expect(screen.getByRole('link', { name })).toHaveClass('ant-btn');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'CSV template' })).toHaveAttribute('href', '/api/export/templates/matches.csv');
    expect(screen.getByRole('link', { name: 'JSON template' })).toHaveAttribute('href', '/api/export/templates/matches.json');
    expect(screen.getByRole('link', { name: 'Players (CSV)' })).toHaveAttribute('href', '/api/export/players.csv');
    expect(screen.getByRole('link', { name: /Matches with players \(CSV/ })).toHaveAttribute('href', '/api/export/matches.csv');
    expect(screen.getByRole('button', { name: 'Event log (NDJSON, admin only)' })).toBeInTheDocument();
  });

  it("offers the raw event log only to the owner: a moderator imports and takes the public exports", () => {
    setup({}, 'moderator');
    expect(screen.getByLabelText('File to import')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Players (CSV)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Event log (NDJSON, admin only)' })).not.toBeInTheDocument();
  });
});
