import { isSafeUrl, URL_MAX_LENGTH } from '../urls/urls.js';
import { LeaderboardEntrySchema } from './players.js';
import { ApiErrorSchema, idParam, z, type ApiOperationSpec } from './schema.js';
import { isHttpUrl } from './site.js';
import { SOCIAL_NETWORKS, type SocialNetwork } from '../site/site-defaults.js';

// A tracker player's profile (issue 42): an avatar and links elsewhere, set by a moderator on a
// player-profile-{id} stream, and the player cards that show them beside the player's live line
// on the board (the roster's cards and the profile dialog read GET /api/players/cards).

/** How many players one GET /api/players/cards names: a roster, not the board. */
export const PLAYER_CARDS_MAX_IDS = 50;

const HttpUrl = z
  .string({ error: 'must be an address' })
  .max(URL_MAX_LENGTH, `must be at most ${URL_MAX_LENGTH} characters`)
  .refine(isHttpUrl, 'must be an http(s) address, such as https://www.twitch.tv/yourname');

export const PlayerSocialsSchema = z
  .strictObject(Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, HttpUrl.optional()])) as Record<SocialNetwork, z.ZodOptional<typeof HttpUrl>>, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `only ${SOCIAL_NETWORKS.join(', ')} may be given` : 'must be an object of links'),
  })
  .meta({ id: 'PlayerSocials', description: "The player elsewhere: each an http(s) address, absent when the player has none." });
export type PlayerSocials = z.infer<typeof PlayerSocialsSchema>;

/** An image: a file of the media library (/media/…) or an http(s) address; null for none. */
const AvatarUrl = z
  .string({ error: 'must be an address' })
  .max(URL_MAX_LENGTH, `must be at most ${URL_MAX_LENGTH} characters`)
  .refine(isSafeUrl, 'must be an http(s) address or a path on this site (/media/…)')
  .nullable();

export const PlayerProfileSchema = z
  .object({
    playerId: z.int().min(1),
    avatarUrl: z.string().nullable().meta({ description: "The player's picture (a media library file or an http(s) address), null for none." }),
    socials: PlayerSocialsSchema,
  })
  .meta({ id: 'PlayerProfile', description: 'What a moderator set for a player; a player nobody set has no avatar and no links.' });
export type PlayerProfile = z.infer<typeof PlayerProfileSchema>;

export const PlayerCardSchema = LeaderboardEntrySchema.extend({
  avatarUrl: z.string().nullable(),
  socials: PlayerSocialsSchema,
}).meta({ id: 'PlayerCard', description: "A player's live line on the overall board (ELO, tier, rank, record) with the profile a moderator set." });
export type PlayerCard = z.infer<typeof PlayerCardSchema>;

export const PlayerCardsQuerySchema = z.object({
  ids: z
    .string({ error: 'is required' })
    .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/, { error: 'must be player IDs separated by commas, such as 3,7,12' })
    .refine((value) => value.split(',').length <= PLAYER_CARDS_MAX_IDS, { error: `must name at most ${PLAYER_CARDS_MAX_IDS} players` })
    .meta({ description: `Up to ${PLAYER_CARDS_MAX_IDS} player IDs, comma-separated. Unknown or merged-away IDs are left out of the answer.` }),
});

/** PUT /api/admin/players/{id}/profile: the fields that change; `socials` is replaced whole. */
export const UpdatePlayerProfileRequestSchema = z
  .strictObject(
    { avatarUrl: AvatarUrl.optional(), socials: PlayerSocialsSchema.optional() },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? 'only avatarUrl and socials may be given' : 'the body must be a JSON object') },
  )
  .meta({ id: 'UpdatePlayerProfileRequest', description: "The profile's fields that change (avatarUrl null removes the avatar); socials is replaced whole." });
export type UpdatePlayerProfileRequest = z.infer<typeof UpdatePlayerProfileRequestSchema>;

const TAG = 'players';

export const PLAYER_PROFILE_OPERATIONS: ApiOperationSpec[] = [
  {
    method: 'get',
    path: '/api/players/cards',
    summary: 'Player cards: live line and profile of a few players',
    description: 'For the roster cards and the profile dialog: each named player still on the board, in the order named.',
    tag: TAG,
    query: PlayerCardsQuerySchema,
    responses: { 200: z.array(PlayerCardSchema), 400: ApiErrorSchema },
  },
  {
    method: 'put',
    path: '/api/admin/players/{id}/profile',
    summary: "Set a player's avatar and social links",
    description: 'Appends PlayerProfileEdited to the player-profile-{id} stream with the fields that changed and their previous values; nothing when nothing does.',
    tag: TAG,
    role: 'moderator',
    pathParams: idParam('The tracker player.'),
    body: UpdatePlayerProfileRequestSchema,
    responses: { 200: PlayerProfileSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema },
  },
];
