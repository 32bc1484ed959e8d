import { DEFAULT_TAGLINE, BRAND_NAME } from '../content/brand.js';
import { DEFAULT_ACCENT_COLOR } from './accent-contrast.js';
import { DEFAULT_NAVIGATION } from './site-navigation.js';
import type { NavEntry } from './site-navigation.js';

// The site settings' limits, choices and a fresh site's values (no schemas: the header and the
// footer import these on every page; the wire schemas are in api/site.ts).

export const MAX_TEAM_NAME_LENGTH = 60;

export const MAX_SHORT_NAME_LENGTH = 20;

export const MAX_TAGLINE_LENGTH = 300;

export const MAX_FOOTER_TEXT_LENGTH = 500;

export const SOCIAL_NETWORKS = ['discord', 'twitch', 'youtube', 'x', 'instagram', 'tiktok', 'website'] as const;

export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export const SOCIAL_LABELS: Record<SocialNetwork, string> = {
  discord: 'Discord',
  twitch: 'Twitch',
  youtube: 'YouTube',
  x: 'X',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  website: 'Website',
};

/**
 * Every setting, as the site keeps it. api/site.ts's SiteSettingsSchema says the same on the wire
 * (and checks the two agree); it is spelled out here so this file needs no schema.
 */
export interface SiteSettings {
  teamName: string;
  shortName: string;
  tagline: string;
  logoUrl: string | null;
  faviconUrl: string | null;
  accentColor: string;
  socials: Partial<Record<SocialNetwork, string>>;
  footerText: string;
  dateLocale: string;
  navigation: NavEntry[];
}

export const SITE_SETTING_FIELDS = [
  'teamName',
  'shortName',
  'tagline',
  'logoUrl',
  'faviconUrl',
  'accentColor',
  'socials',
  'footerText',
  'dateLocale',
  'navigation',
] as const satisfies readonly (keyof SiteSettings)[];

export type SiteSettingField = (typeof SITE_SETTING_FIELDS)[number];

/** A fresh site: a neutral name, the default tagline, the brand rose, no logo and no links. */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  teamName: BRAND_NAME,
  shortName: 'Team',
  tagline: DEFAULT_TAGLINE,
  logoUrl: null,
  faviconUrl: null,
  accentColor: DEFAULT_ACCENT_COLOR,
  socials: {},
  footerText: 'Built on the ELO tracker',
  dateLocale: 'en-US',
  navigation: [...DEFAULT_NAVIGATION],
};
