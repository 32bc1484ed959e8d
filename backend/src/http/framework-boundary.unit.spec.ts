import path from 'node:path';
import { ESLint } from 'eslint';

// The HTTP framework stays in app.ts and http/ (eslint.config.js): a controller or guard that
// imported Express's or Fastify's request type would tie the use case to one adapter.
const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });

async function problemsOf(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

describe('the HTTP framework boundary', () => {
  test.each([
    ["import type { Request } from 'express';", 'backend/src/review/submit-match/record-match.controller.ts'],
    ["import type { FastifyRequest } from 'fastify';", 'backend/src/admin-access/admin-key.guard.ts'],
    ["import type { NestExpressApplication } from '@nestjs/platform-express';", 'backend/src/seo/page-heads/app-shell.ts'],
    ["import type { Request } from 'express';", 'backend/src/ladder/record-match/record-match.command.ts'],
  ])('%s is refused in %s', async (line, file) => {
    expect(await problemsOf(file, `${line}\nexport type Seen = unknown;\n`)).toContain('no-restricted-imports');
  });

  test.each(['backend/src/app.ts', 'backend/src/http/body-parsers.ts'])('the edge may use it: %s', async (file) => {
    expect(await problemsOf(file, "import type { Request } from 'express';\nexport type Seen = Request;\n")).toEqual([]);
  });
});

describe('test code stays out of production code', () => {
  test.each([
    ["import { startTestApp } from '../../../test/support/test-app.js';", 'backend/src/review/submit-match/record-match.controller.ts'],
    ["import { createTestDatabase } from '@test-support/database.js';", 'backend/src/infrastructure/database.ts'],
    ["import { renderWithProviders } from '@/test/render';", 'frontend/src/features/players/components/Leaderboard.tsx'],
    ["import { mockFetch } from '@/test/mock-fetch';", 'frontend/src/lib/api.ts'],
    ["import { KNOWN } from './record-match.int.spec.js';", 'backend/src/ladder/record-match/record-match.command.ts'],
  ])('%s is refused in %s', async (line, file) => {
    expect(await problemsOf(file, `${line}\nexport type Seen = unknown;\n`)).toContain('no-restricted-imports');
  });

  test.each([
    ["import { renderWithProviders } from '@/test/render';", 'frontend/src/features/players/components/Leaderboard.test.tsx'],
    ["import { createTestDatabase } from '@test-support/database.js';", 'backend/src/ladder/record-match/record-match.int.spec.ts'],
  ])('the tests may: %s in %s', async (line, file) => {
    expect(await problemsOf(file, `${line}\nexport type Seen = unknown;\n`)).not.toContain('no-restricted-imports');
  });
});
