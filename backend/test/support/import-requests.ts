import type { ImportProgress } from '@team/contracts';
import { TEST_ADMIN_KEY, type TestApp } from './test-app.js';

/** POST /api/admin/import with a file as the body; the progress lines parsed when it streamed them. */
export async function postImport(
  app: Pick<TestApp, 'baseUrl'>,
  text: string,
  options: { file?: string; dryRun?: boolean; backdated?: boolean; contentType?: string; admin?: boolean } = {},
): Promise<{ status: number; body: any; lines: ImportProgress[]; headers: Headers }> {
  const headers: Record<string, string> = { 'content-type': options.contentType ?? 'text/csv' };
  if (options.file !== '') headers['x-file-name'] = encodeURIComponent(options.file ?? 'matches.csv');
  if (options.admin !== false) headers['x-admin-key'] = TEST_ADMIN_KEY;
  const query = new URLSearchParams({ ...(options.dryRun ? { dryRun: 'true' } : {}), ...(options.backdated ? { backdated: 'true' } : {}) }).toString();
  const response = await fetch(`${app.baseUrl}/api/admin/import${query ? `?${query}` : ''}`, { method: 'POST', headers, body: text });
  const raw = await response.text();
  const ndjson = response.headers.get('content-type')?.startsWith('application/x-ndjson') ?? false;
  const lines = ndjson ? raw.trim().split('\n').map((line) => JSON.parse(line) as ImportProgress) : [];
  let body: unknown = raw;
  try {
    body = ndjson ? lines : JSON.parse(raw);
  } catch {
    /* not JSON */
  }
  return { status: response.status, body, lines, headers: response.headers };
}
