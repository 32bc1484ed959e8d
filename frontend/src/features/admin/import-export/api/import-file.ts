import type { ImportDryRunReport, ImportProgress } from '@team/contracts';
import { ADMIN_KEY_STORAGE_KEY, type ApiRequestError } from '@/lib/api';

// The import is not an RTK Query endpoint: its answer is a stream of progress lines, read as
// they come, and its body a file. The errors take the API slice's shape, so the screen handles
// them (401 included) as it handles any other admin call's.

function adminHeaders(file?: File): Headers {
  const headers = new Headers();
  const key = localStorage.getItem(ADMIN_KEY_STORAGE_KEY);
  if (key) headers.set('x-admin-key', key);
  if (file) {
    headers.set('x-file-name', encodeURIComponent(file.name));
    headers.set('content-type', file.type || (/\.(nd)?json$/i.test(file.name) ? 'application/json' : 'text/csv'));
  }
  return headers;
}

async function failure(response: Response): Promise<ApiRequestError> {
  const text = await response.text();
  let data: unknown = null;
  try {
    data = JSON.parse(text);
  } catch {
    data = text;
  }
  const body = text || response.statusText;
  return { status: response.status, message: `${response.status}: ${body}`, body, data };
}

async function post(file: File, dryRun: boolean, backdated: boolean): Promise<Response> {
  const query = new URLSearchParams({ ...(dryRun ? { dryRun: 'true' } : {}), ...(backdated ? { backdated: 'true' } : {}) }).toString();
  let response: Response;
  try {
    response = await fetch(`/api/admin/import${query ? `?${query}` : ''}`, { method: 'POST', headers: adminHeaders(file), body: file });
  } catch (cause) {
    throw { status: 'FETCH_ERROR', message: cause instanceof Error ? cause.message : String(cause) } satisfies ApiRequestError;
  }
  if (!response.ok) throw await failure(response);
  return response;
}

/**
 * POST /api/admin/import?dryRun=true: the file's report; nothing is written. `backdated`: as older
 * history, rated now in played order (matches played before the ladder's latest event welcome).
 */
export async function dryRunImport(file: File, backdated = false): Promise<ImportDryRunReport> {
  return (await post(file, true, backdated)).json() as Promise<ImportDryRunReport>;
}

/** POST /api/admin/import: calls `onProgress` with each progress line; resolves with the last. */
export async function runImport(file: File, onProgress: (progress: ImportProgress) => void, backdated = false): Promise<ImportProgress | null> {
  const response = await post(file, false, backdated);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  let last: ImportProgress | null = null;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += value;
    const lines = buffered.split('\n');
    buffered = lines.pop()!;
    for (const line of lines.filter((l) => l.trim() !== '')) {
      last = JSON.parse(line) as ImportProgress;
      onProgress(last);
    }
  }
  return last;
}

/** GET /api/admin/export/events.ndjson, saved as a file (the key goes in a header, so no plain link). */
export async function downloadEventLog(): Promise<void> {
  const response = await fetch('/api/admin/export/events.ndjson', { headers: adminHeaders() });
  if (!response.ok) throw await failure(response);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'events.ndjson';
  link.click();
  URL.revokeObjectURL(url);
}
