import { MODES, findMode } from '../modes/modes.js';
import {
  FIXTURE_FORMATS,
  FIXTURE_STATUSES,
  MAX_FIXTURE_EVENT_LENGTH,
  MAX_FIXTURE_MAP_NAME_LENGTH,
  MAX_FIXTURE_MAPS,
  MAX_MAP_SCORE,
  opponentProblem,
  startTimeProblem,
  streamUrlProblem,
} from '../fixtures/fixture-rules.js';
import { isBlankName, nameTextProblem } from '../text/text-rules.js';
import { isSafeUrl, URL_MAX_LENGTH } from '../urls/urls.js';
import { ApiErrorSchema, z, type ApiOperationSpec } from './schema.js';

// The team's fixtures over HTTP (docs/schedule.md): GET /api/fixtures, GET /api/fixtures/{id},
// and the moderators' POST, PUT, POST …/result and DELETE under /api/admin/fixtures. The field
// names are promised to outside clients: change them only with a new API version.

/** A string field's rule, as a refinement: `problem` returns the end of a sentence or null. */
const ruled = (problem: (value: string) => string | null) =>
  z.string().superRefine((value, context) => {
    const found = problem(value);
    if (found) context.addIssue({ code: 'custom', message: found });
  });

const urlProblem = (absolute: boolean) => (value: string) => {
  if (value.length > URL_MAX_LENGTH) return `must be at most ${URL_MAX_LENGTH} characters`;
  if (!isSafeUrl(value) || (absolute && !/^https?:\/\//i.test(value))) {
    return absolute ? 'must be an http(s) address' : 'must be an http(s) address or a path on this site (/media/…)';
  }
  return null;
};

const optionalText = (max: number) => (value: string) => {
  const unstorable = nameTextProblem(value);
  if (unstorable) return unstorable;
  return value.trim().length > max ? `must be at most ${max} characters` : null;
};

const FormatSchema = z.enum(FIXTURE_FORMATS, { error: `must be one of ${FIXTURE_FORMATS.join(', ')}` });
const StatusSchema = z.enum(FIXTURE_STATUSES);

const wholeScore = (what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .int({ error: `${what} must be a whole number` })
    .min(0, { error: `${what} must be 0 or more` })
    .max(MAX_MAP_SCORE, { error: `${what} must be at most ${MAX_MAP_SCORE}` });

export const FixtureMapSchema = z
  .object({
    name: ruled((value) => (isBlankName(value) ? 'is required' : optionalText(MAX_FIXTURE_MAP_NAME_LENGTH)(value))),
    modeId: z
      .number()
      .int()
      .refine((id) => findMode(MODES, id) !== null, { error: `must be one of the modes (${MODES.map((mode) => `${mode.id} ${mode.name}`).join(', ')})` })
      .nullable()
      .optional(),
    teamScore: wholeScore('teamScore'),
    opponentScore: wholeScore('opponentScore'),
  })
  .meta({ id: 'FixtureMap', description: 'One map of a played fixture: its name, its mode (GET /api/modes) and its score.' });

export const FixtureResultSchema = z
  .object({
    teamScore: z.number().int().min(0).max(3),
    opponentScore: z.number().int().min(0).max(3),
    maps: z.array(FixtureMapSchema).max(MAX_FIXTURE_MAPS, { error: `at most ${MAX_FIXTURE_MAPS} maps` }),
    vodUrl: ruled(urlProblem(true)).nullable().optional(),
  })
  .meta({
    id: 'FixtureResult',
    description:
      "The series score (maps won by the team and by the opponent) and the maps in the order played. The score must be a possible end of the fixture's format (2–1 in a Bo3), and the maps must agree with it.",
  });

export type FixtureMap = z.infer<typeof FixtureMapSchema>;
export type FixtureResult = z.infer<typeof FixtureResultSchema>;

export const FixtureSchema = z
  .object({
    id: z.number().int().positive(),
    opponent: z.string(),
    opponentLogoUrl: z.string().optional(),
    event: z.string().optional(),
    startsAt: z.string().meta({ description: 'ISO-8601, in UTC.', format: 'date-time' }),
    format: FormatSchema,
    streamUrl: z.string().optional(),
    status: StatusSchema.meta({ description: 'upcoming before its start time, live from then until a result, played with one, or cancelled.' }),
    result: FixtureResultSchema.optional(),
  })
  .meta({ id: 'Fixture', description: "A match of the team against another team. `status` is worked out when read, from the server's clock." });

export type Fixture = z.infer<typeof FixtureSchema>;

export const FixtureListSchema = z
  .object({
    fixtures: z.array(FixtureSchema),
    total: z.number().int().min(0),
    limit: z.number().int().positive(),
    offset: z.number().int().min(0),
  })
  .meta({ id: 'FixtureList', description: 'One page of fixtures and how many there are in all.' });

export type FixtureList = z.infer<typeof FixtureListSchema>;

export const FIXTURE_PAGE_LIMIT_DEFAULT = 20;
export const FIXTURE_PAGE_LIMIT_MAX = 100;

export const FixtureListQuerySchema = z.object({
  status: z
    .enum(['upcoming', 'past'], { error: 'must be upcoming or past' })
    .optional()
    .meta({ description: 'upcoming: not yet played, soonest first (live ones included); past: played or cancelled, latest first. Absent: upcoming.' }),
  limit: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(FIXTURE_PAGE_LIMIT_MAX, { error: `must be at most ${FIXTURE_PAGE_LIMIT_MAX}` })
    .optional(),
  offset: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be 0 or more' })
    .max(1_000_000, { error: 'must be at most 1000000' })
    .optional(),
});

/** POST /api/admin/fixtures and PUT /api/admin/fixtures/{id}: the fixture as it should be. */
export const FixtureDetailsRequestSchema = z
  .object({
    opponent: ruled(opponentProblem),
    opponentLogoUrl: ruled(urlProblem(false)).nullable().optional(),
    event: ruled(optionalText(MAX_FIXTURE_EVENT_LENGTH)).nullable().optional(),
    startsAt: ruled(startTimeProblem).meta({ description: 'ISO-8601 with a zone (Z or ±hh:mm), years 2000–2100; stored in UTC.' }),
    format: FormatSchema,
    streamUrl: ruled(streamUrlProblem).nullable().optional(),
  })
  .meta({ id: 'FixtureDetailsRequest', description: 'A fixture to schedule, or what an existing one becomes.' });

export type FixtureDetailsRequest = z.infer<typeof FixtureDetailsRequestSchema>;

const IdParams = z.object({ id: z.number().int().positive() });
const TAG = 'fixtures';
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };

export const FIXTURE_OPERATIONS: ApiOperationSpec[] = [
  {
    method: 'get',
    path: '/api/fixtures',
    summary: 'List fixtures: upcoming or past',
    tag: TAG,
    query: FixtureListQuerySchema,
    responses: { 200: FixtureListSchema, 400: ApiErrorSchema },
  },
  {
    method: 'get',
    path: '/api/fixtures/{id}',
    summary: 'One fixture',
    tag: TAG,
    pathParams: IdParams,
    responses: { 200: FixtureSchema, 400: ApiErrorSchema, 404: ApiErrorSchema },
  },
  {
    method: 'post',
    path: '/api/admin/fixtures',
    summary: 'Schedule a fixture',
    description: 'Appends FixtureScheduled to a new fixture-{id} stream.',
    tag: TAG,
    role: 'moderator',
    body: FixtureDetailsRequestSchema,
    responses: { 201: FixtureSchema, ...errors },
  },
  {
    method: 'put',
    path: '/api/admin/fixtures/{id}',
    summary: 'Edit or reschedule a fixture',
    description: 'Appends FixtureRescheduled when the start time moves and FixtureDetailsEdited when anything else changes; nothing when nothing does. A cancelled fixture cannot be changed.',
    tag: TAG,
    role: 'moderator',
    pathParams: IdParams,
    body: FixtureDetailsRequestSchema,
    responses: { 200: FixtureSchema, ...errors, 404: ApiErrorSchema },
  },
  {
    method: 'post',
    path: '/api/admin/fixtures/{id}/result',
    summary: "Record (or correct) a fixture's result",
    description: 'Appends FixtureResultRecorded. Refused for a cancelled fixture, and when the score is not a possible end of its format.',
    tag: TAG,
    role: 'moderator',
    pathParams: IdParams,
    body: FixtureResultSchema,
    responses: { 200: FixtureSchema, ...errors, 404: ApiErrorSchema },
  },
  {
    method: 'delete',
    path: '/api/admin/fixtures/{id}',
    summary: 'Cancel a fixture',
    description: 'Appends FixtureCancelled; the fixture stays listed (status cancelled), and calendars mark it cancelled. A played fixture cannot be cancelled.',
    tag: TAG,
    role: 'moderator',
    pathParams: IdParams,
    responses: { 200: FixtureSchema, ...errors, 404: ApiErrorSchema },
  },
  {
    method: 'get',
    path: '/schedule.ics',
    summary: 'The fixtures as an iCalendar feed',
    description: 'Upcoming fixtures and those of the last 90 days (RFC 5545), one VEVENT per fixture with a UID that never changes.',
    tag: TAG,
    responses: { 200: { mediaType: 'text/calendar', description: 'The calendar.' } },
  },
];
