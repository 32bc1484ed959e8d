import { accentColorProblem } from '../site/accent-contrast.js';
import {
  BUILTIN_NAV_IDS,
  MAX_NAV_ENTRIES,
  MAX_NAV_LABEL_LENGTH,
  type BuiltinNavId,
  type NavEntry,
} from '../site/site-navigation.js';
import { SLUG_PATTERN } from '../site/pages-rules.js';
import { isSafeUrl, URL_MAX_LENGTH } from '../urls/urls.js';
import { textProblem, nameTextProblem, isBlankName } from '../text/text-rules.js';
import { ApiErrorSchema, z, type ApiOperationSpec } from './schema.js';
import { MAX_TEAM_NAME_LENGTH, MAX_SHORT_NAME_LENGTH, MAX_TAGLINE_LENGTH, MAX_FOOTER_TEXT_LENGTH, SOCIAL_NETWORKS, type SiteSettings, type SocialNetwork } from '../site/site-defaults.js';

// The site's own settings over HTTP (docs/site-settings.md): GET /api/site for everyone,
// GET and PUT /api/admin/site for the owner and editors.

/** A one-line name: storable, no control characters, not blank, at most `max` characters once trimmed. */
function oneLine(max: number, what: string) {
  return z
    .string({ error: `must be text (${what})` })
    .superRefine((value, context) => {
      const problem = nameTextProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
      else if (isBlankName(value)) context.addIssue({ code: 'custom', message: `must not be blank (${what})` });
      else if (value.trim().length > max) context.addIssue({ code: 'custom', message: `must be at most ${max} characters` });
    })
    .transform((value) => value.trim());
}

/** Plain text over several lines (tagline, footer), which may be empty. */
function plainText(max: number) {
  return z
    .string({ error: 'must be text' })
    .superRefine((value, context) => {
      const problem = textProblem(value, { multiline: true });
      if (problem) context.addIssue({ code: 'custom', message: problem });
      else if (value.trim().length > max) context.addIssue({ code: 'custom', message: `must be at most ${max} characters` });
    })
    .transform((value) => value.trim());
}

/** An image: a file of the media library (/media/…) or an http(s) address; null for none. */
const ImageUrl = z
  .string({ error: 'must be an address' })
  .max(URL_MAX_LENGTH, `must be at most ${URL_MAX_LENGTH} characters`)
  .refine(isSafeUrl, 'must be an http(s) address or a path on this site (/media/…)')
  .nullable();

/** What `isHttpUrl` accepts: an absolute http(s) address. */
export function isHttpUrl(value: string): boolean {
  return isSafeUrl(value) && /^https?:\/\//i.test(value);
}

const HttpUrl = z
  .string({ error: 'must be an address' })
  .max(URL_MAX_LENGTH, `must be at most ${URL_MAX_LENGTH} characters`)
  .refine(isHttpUrl, 'must be an http(s) address, such as https://discord.gg/yourteam');

export const SiteSocialsSchema = z
  .strictObject(Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, HttpUrl.optional()])) as Record<SocialNetwork, z.ZodOptional<typeof HttpUrl>>, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `only ${SOCIAL_NETWORKS.join(', ')} may be given` : 'must be an object of links'),
  })
  .meta({ id: 'SiteSocials', description: 'The team elsewhere: each an http(s) address, absent when the team has none.' });
export type SiteSocials = z.infer<typeof SiteSocialsSchema>;

const AccentColor = z
  .string({ error: 'must be a colour such as #e11d48' })
  .superRefine((value, context) => {
    const problem = accentColorProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  })
  .transform((value) => value.toLowerCase());

/** A BCP 47 language tag the browser's date formatting knows, such as en-GB or de. */
export function isDateLocale(value: string): boolean {
  if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$/.test(value)) return false;
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([value]).length === 1;
  } catch {
    return false;
  }
}

const DateLocale = z.string({ error: 'must be a language tag such as en-GB' }).refine(isDateLocale, 'must be a language tag such as en-GB, en-US or de-DE');

const NavLabel = oneLine(MAX_NAV_LABEL_LENGTH, 'a custom entry needs a label');

export const SiteNavigationEntrySchema = z
  .discriminatedUnion(
    'kind',
    [
      z.strictObject({ kind: z.literal('builtin'), id: z.enum(BUILTIN_NAV_IDS as [BuiltinNavId, ...BuiltinNavId[]]), hidden: z.boolean().default(false) }),
      z.strictObject({
        kind: z.literal('page'),
        slug: z.string({ error: 'must be a page slug' }).regex(SLUG_PATTERN, 'must be a page slug: lower-case letters, digits and hyphens'),
        label: NavLabel,
        hidden: z.boolean().default(false),
      }),
      z.strictObject({ kind: z.literal('link'), url: HttpUrl, label: NavLabel, hidden: z.boolean().default(false) }),
    ],
    { error: 'must be a builtin entry, a page or a link (kind)' },
  )
  .meta({
    id: 'SiteNavigationEntry',
    description: 'One entry of the top navigation: a built-in screen, a page of the page builder by slug, or an external link (opens in a new tab).',
  });
export type SiteNavigationEntry = NavEntry;

export const SiteNavigationSchema = z
  .array(SiteNavigationEntrySchema, { error: 'must be a list of entries' })
  .max(MAX_NAV_ENTRIES, `must have at most ${MAX_NAV_ENTRIES} entries`)
  .superRefine((entries, context) => {
    const keys = entries.map((entry) => (entry.kind === 'builtin' ? `builtin:${entry.id}` : entry.kind === 'page' ? `page:${entry.slug}` : `link:${entry.url}`));
    const repeated = keys.find((key, index) => keys.indexOf(key) !== index);
    if (repeated) context.addIssue({ code: 'custom', message: `lists ${repeated.replace(':', ' ')} twice` });
  });

/** Every setting, as the admin edits it. */
export const SiteSettingsSchema = z
  .object({
    teamName: z.string(),
    shortName: z.string(),
    tagline: z.string(),
    logoUrl: z.string().nullable(),
    faviconUrl: z.string().nullable(),
    accentColor: z.string(),
    socials: SiteSocialsSchema,
    footerText: z.string(),
    dateLocale: z.string(),
    navigation: z.array(SiteNavigationEntrySchema),
  })
  .meta({ id: 'SiteSettings', description: "The site's settings: names, images, colour, links, footer, date locale and the navigation with its hidden entries." });
/** The schema and site-defaults.ts's SiteSettings describe one shape: this fails to compile when they part. */
type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Agree<T extends true> = T;
export type SiteSettingsShapesAgree = Agree<SameShape<Omit<z.infer<typeof SiteSettingsSchema>, 'navigation'> & { navigation: NavEntry[] }, SiteSettings>>;

/** PUT /api/admin/site: the fields that change, each checked as it will be stored. */
export const UpdateSiteSettingsSchema = z
  .strictObject(
    {
      teamName: oneLine(MAX_TEAM_NAME_LENGTH, 'the site needs a team name'),
      shortName: oneLine(MAX_SHORT_NAME_LENGTH, 'the site needs a short name'),
      tagline: plainText(MAX_TAGLINE_LENGTH),
      logoUrl: ImageUrl,
      faviconUrl: ImageUrl,
      accentColor: AccentColor,
      socials: SiteSocialsSchema,
      footerText: plainText(MAX_FOOTER_TEXT_LENGTH),
      dateLocale: DateLocale,
      navigation: SiteNavigationSchema,
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? `unknown setting: ${issue.keys.join(', ')}` : 'The body must be an object of settings.') },
  )
  .partial()
  .meta({ id: 'UpdateSiteSettingsRequest', description: 'The settings that change; the others keep their values. `socials` and `navigation` are replaced whole.' });
export type UpdateSiteSettingsRequest = z.input<typeof UpdateSiteSettingsSchema>;

export const SiteNavigationLinkSchema = z
  .object({
    label: z.string(),
    href: z.string(),
    external: z.boolean().meta({ description: 'Opens in a new tab with rel="noopener noreferrer".' }),
    activeWhen: z.enum(['exact', 'prefix', 'never']).meta({ description: 'exact: only on its own path; prefix: on any path that starts with it; never: external.' }),
  })
  .meta({ id: 'SiteNavigationLink', description: 'One link of the top navigation and the phone menu, in order; hidden entries are left out.' });

/** GET /api/site */
export const PublicSiteSchema = z
  .object({
    teamName: z.string(),
    shortName: z.string(),
    tagline: z.string(),
    logoUrl: z.string().nullable(),
    faviconUrl: z.string().nullable(),
    accentColor: z.string(),
    socials: SiteSocialsSchema,
    footerText: z.string(),
    dateLocale: z.string(),
    navigation: z.array(SiteNavigationLinkSchema),
  })
  .meta({ id: 'Site', description: "The site's public settings: what every page's header, footer, title and share card show." });
export type PublicSite = z.infer<typeof PublicSiteSchema>;

export const SITE_OPERATIONS: ApiOperationSpec[] = [
  {
    method: 'get',
    path: '/api/site',
    summary: "The site's name, images, colour, links, footer and navigation",
    tag: 'Site',
    responses: { 200: PublicSiteSchema },
  },
  {
    method: 'get',
    path: '/api/admin/site',
    summary: 'Every setting, with the hidden navigation entries',
    tag: 'Site',
    role: 'editor',
    responses: { 200: SiteSettingsSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
  },
  {
    method: 'put',
    path: '/api/admin/site',
    summary: 'Change settings',
    description: 'Appends one SiteSettingsChanged with the fields that changed (and their previous values); nothing when nothing does.',
    tag: 'Site',
    role: 'editor',
    body: UpdateSiteSettingsSchema,
    responses: { 200: SiteSettingsSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 409: ApiErrorSchema },
  },
];
