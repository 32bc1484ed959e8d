import type { ApprovedSubmission, LeaderboardEntry, Submission, SubmissionList, SubmissionStatusAnswer, SubmittedMatch } from '@team/contracts';
import { createAdminKey, withKey } from '../../test/support/admin-keys.js';
import { matchLine } from '../../test/support/ladder-requests.js';
import { startTestApp, type TestApp } from '../../test/support/test-app.js';

// Issue 43, the review queue (PUBLIC_RECORDING=review): a visitor's match is a pending
// submission (202), rated by nothing and on no board until a moderator approves it; keys record
// at once; decisions are audited and refused once made.

const match = (winner: string, loser: string) => ({
  winningTeam: 'team1' as const,
  team1: [matchLine(`${winner}-id`, winner, { kills: 10, deaths: 5 })],
  team2: [matchLine(`${loser}-id`, loser, { kills: 5, deaths: 10 })],
});

describe('the review queue (PUBLIC_RECORDING=review)', () => {
  let app: TestApp;
  let moderator: string;
  let recorder: string;
  let editor: string;

  beforeAll(async () => {
    app = await startTestApp({ PUBLIC_RECORDING: 'review', ADMIN_FAILURES_PER_15_MIN: '1000' });
    moderator = (await createAdminKey(app, 'Mona', 'moderator')).key;
    recorder = (await createAdminKey(app, 'Rita', 'recorder')).key;
    editor = (await createAdminKey(app, 'Eddie', 'editor')).key;
  });
  afterAll(() => app?.close());

  const board = async () => ((await app.call('GET', '/api/players/leaderboard')).body as LeaderboardEntry[]).map((entry) => entry.username).sort();
  const submit = async (body: unknown, headers: Record<string, string> = {}) => {
    const answer = await app.call('POST', '/api/matches', { json: body, headers });
    expect(answer.status).toBe(202);
    return { body: answer.body as SubmittedMatch, location: answer.headers.get('location') };
  };

  test('the settings say review; a visitor gets 202 with the status link, and nothing is rated or on a board', async () => {
    expect((await app.call('GET', '/api/settings')).body).toEqual({ publicRecording: 'review' });
    const { body, location } = await submit(match('Ann', 'Bob'));
    expect(body).toEqual({ submissionId: expect.stringMatching(/^[0-9a-f-]{36}$/), status: 'pending', statusUrl: `/api/submissions/${body.submissionId}` });
    expect(location).toBe(body.statusUrl);
    const status = await app.call('GET', body.statusUrl);
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ id: body.submissionId, status: 'pending', matchId: null, reason: null, decidedAt: null });
    expect((status.body as SubmissionStatusAnswer).match.team1[0]!.username).toBe('Ann');
    expect(status.body).not.toHaveProperty('decidedBy');
    expect(await board()).toEqual([]);
    expect(Number((await app.knex('events').where('type', 'MatchRecorded').count({ n: '*' }).first())!.n)).toBe(0);
  });

  test('a submission breaking the record-match rules is a 400 with the same message, and nothing is appended', async () => {
    const before = await app.eventCount();
    const answer = await app.call('POST', '/api/matches', { json: { winningTeam: 'team1', team1: [matchLine('', 'Ann')], team2: [matchLine('b', 'Bob')] } });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('All players must have a Discord ID and username.');
    expect(await app.eventCount()).toBe(before);
  });

  test('with a recorder key the match is recorded at once (201); a wrong key is refused, not queued', async () => {
    const recorded = await app.call('POST', '/api/matches', { json: match('Cat', 'Dan'), headers: withKey(recorder) });
    expect(recorded.status).toBe(201);
    expect(recorded.body.matchId).toEqual(expect.any(Number));
    expect(await board()).toEqual(['Cat', 'Dan']);
    const before = await app.eventCount();
    expect((await app.call('POST', '/api/matches', { json: match('Eve', 'Fay'), headers: withKey('not-a-key-at-all-0123456789') })).status).toBe(401);
    expect((await app.call('POST', '/api/matches', { json: match('Eve', 'Fay'), headers: withKey(editor) })).status).toBe(403);
    expect(await app.eventCount()).toBe(before);
  });

  test('a repeated Idempotency-Key from the same caller names the same submission', async () => {
    const first = await submit(match('Gus', 'Hal'), { 'Idempotency-Key': 'form-state-1' });
    const again = await submit(match('Gus', 'Hal'), { 'Idempotency-Key': 'form-state-1' });
    expect(again.body.submissionId).toBe(first.body.submissionId);
    const reserved = await app.call('POST', '/api/matches', { json: match('Gus', 'Hal'), headers: { 'Idempotency-Key': `submission:${first.body.submissionId}` } });
    expect(reserved.status).toBe(400);
  });

  test('moderators list the queue oldest first; visitors and editors may not', async () => {
    expect((await app.call('GET', '/api/admin/submissions')).status).toBe(401);
    expect((await app.call('GET', '/api/admin/submissions', { headers: withKey(editor) })).status).toBe(403);
    const listed = await app.call('GET', '/api/admin/submissions?status=pending', { headers: withKey(moderator) });
    expect(listed.status).toBe(200);
    const names = (listed.body as SubmissionList).submissions.map((submission) => submission.match.team1[0]!.username);
    expect(names).toEqual(['Ann', 'Gus']);
    expect((await app.call('GET', '/api/admin/submissions?status=maybe', { headers: withKey(moderator) })).status).toBe(400);
  });

  test('approval records the match then (rated in approval order) and links it; approving again is a 400 with nothing appended', async () => {
    const first = await submit(match('Ivy', 'Jon'));
    const second = await submit(match('Ivy', 'Kim'));
    // The later submission is approved first: it is rated first.
    const approvedSecond = await app.call('POST', `/api/admin/submissions/${second.body.submissionId}/approve`, { headers: withKey(moderator) });
    expect(approvedSecond.status).toBe(200);
    const approvedFirst = await app.call('POST', `/api/admin/submissions/${first.body.submissionId}/approve`, { headers: withKey(moderator) });
    expect(approvedFirst.status).toBe(200);
    const [a, b] = [approvedSecond.body as ApprovedSubmission, approvedFirst.body as ApprovedSubmission];
    expect(a.submission).toMatchObject({ status: 'approved', matchId: a.match.matchId, decidedBy: 'Mona' });
    expect(b.match.matchId).toBeGreaterThan(a.match.matchId);
    // Ivy's second match (approved later) starts from the rating the first approval left.
    const ivyAfterFirst = a.match.participants.find((p) => p.username === 'Ivy')!.ratingAfter;
    expect(b.match.participants.find((p) => p.username === 'Ivy')!.ratingBefore).toBe(ivyAfterFirst);
    expect(await board()).toEqual(expect.arrayContaining(['Ivy', 'Jon', 'Kim']));
    const status = (await app.call('GET', first.body.statusUrl)).body as SubmissionStatusAnswer;
    expect(status).toMatchObject({ status: 'approved', matchId: b.match.matchId });

    const before = await app.eventCount();
    const again = await app.call('POST', `/api/admin/submissions/${first.body.submissionId}/approve`, { headers: withKey(moderator) });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe(`This submission was already approved (match #${b.match.matchId}).`);
    expect(await app.eventCount()).toBe(before);
  });

  test('rejection needs a reason, the status page shows it, and a rejected submission cannot be approved', async () => {
    const { body } = await submit(match('Lee', 'Max'));
    const path = `/api/admin/submissions/${body.submissionId}`;
    const before = await app.eventCount();
    const blank = await app.call('POST', `${path}/reject`, { json: { reason: '  ' }, headers: withKey(moderator) });
    expect(blank.status).toBe(400);
    expect(blank.body.details).toEqual(['reason: a rejection needs a reason']);
    expect((await app.call('POST', `${path}/reject`, { json: { reason: 'bad\u0000' }, headers: withKey(moderator) })).status).toBe(400);
    expect(await app.eventCount()).toBe(before);
    const rejected = await app.call('POST', `${path}/reject`, { json: { reason: 'Not a real match' }, headers: withKey(moderator) });
    expect(rejected.status).toBe(200);
    expect(rejected.body as Submission).toMatchObject({ status: 'rejected', reason: 'Not a real match', decidedBy: 'Mona' });
    expect((await app.call('GET', body.statusUrl)).body).toMatchObject({ status: 'rejected', reason: 'Not a real match', matchId: null });
    const approve = await app.call('POST', `${path}/approve`, { headers: withKey(moderator) });
    expect(approve.status).toBe(400);
    expect(approve.body.error).toBe('This submission was already rejected.');
    expect(await board()).not.toContain('Lee');
  });

  test('unknown and malformed submission ids: 404 and 400', async () => {
    expect((await app.call('GET', '/api/submissions/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await app.call('GET', '/api/submissions/nope')).status).toBe(400);
    expect((await app.call('POST', '/api/admin/submissions/00000000-0000-4000-8000-000000000000/approve', { headers: withKey(moderator) })).status).toBe(404);
  });

  test('the audit log names every submission and decision, with who decided', async () => {
    const audit = await app.call('GET', '/api/admin/events?type=MatchSubmitted,SubmissionApproved,SubmissionRejected', { admin: true });
    const summaries: string[] = audit.body.events.map((entry: { summary: string }) => entry.summary);
    expect(summaries.filter((line) => line.startsWith('Match submitted for review'))).toHaveLength(5);
    expect(summaries.filter((line) => line.includes('approved by Mona'))).toHaveLength(2);
    expect(summaries.filter((line) => line.includes('rejected by Mona: Not a real match'))).toHaveLength(1);
  });
});

describe('submissions are rate limited like recording', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ PUBLIC_RECORDING: 'review', PUBLIC_WRITES_PER_MINUTE: '2' });
  });
  afterAll(() => app?.close());

  test('the third submission in a minute from one address is a 429, and nothing is appended for it', async () => {
    for (let i = 0; i < 2; i++) expect((await app.call('POST', '/api/matches', { json: match(`P${i}`, `Q${i}`) })).status).toBe(202);
    const before = await app.eventCount();
    const third = await app.call('POST', '/api/matches', { json: match('P9', 'Q9') });
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await app.eventCount()).toBe(before);
  });
});
