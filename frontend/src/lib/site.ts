import {
  accentTextColor,
  ACCENT_SOFT_ALPHA,
  DEFAULT_ACCENT_COLOR,
  DEFAULT_SITE_SETTINGS,
  visibleNavigation,
  type PublicSite,
  type SiteSettings,
  type UpdateSiteSettingsRequest,
  type ThemeName,
} from '@team/contracts';
import { api } from './api';

/** What the site shows before GET /api/site answers (and if it fails): a fresh site's settings. */
export const FALLBACK_SITE: PublicSite = (() => {
  const { navigation, ...rest } = DEFAULT_SITE_SETTINGS;
  return { ...rest, navigation: visibleNavigation(navigation) };
})();

export const siteApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/site: the team's name, images, colour, links, footer and navigation. */
    getSite: build.query<PublicSite, void>({
      query: () => '/api/site',
      providesTags: ['Site'],
    }),
    /**
     * PUT /api/admin/site (SiteSettingsChanged): the settings screen saves with it, and the audit
     * log puts a change back with it. Every read of the settings is read again after it.
     */
    updateSiteSettings: build.mutation<SiteSettings, UpdateSiteSettingsRequest>({
      query: (body) => ({ url: '/api/admin/site', method: 'PUT', body, admin: true }),
      invalidatesTags: (_result, error) => (error ? [] : ['Site']),
    }),
  }),
});

export const { useUpdateSiteSettingsMutation } = siteApi;

/** The site's settings, every layout and screen alike: the fallback until they arrive. */
export function useSite(): PublicSite {
  return siteApi.useGetSiteQuery().data ?? FALLBACK_SITE;
}

/** The document title: the screen's, then the team's name (as the server writes it). */
export function titleWithSite(title: string | null, siteName: string): string {
  return title && title !== siteName ? `${title} · ${siteName}` : siteName;
}

/**
 * The CSS variables an accent sets in a theme (global.css's --accent, --accent-text,
 * --accent-soft); none for the default accent, whose shades global.css already holds.
 */
export function accentVariables(accent: string, theme: ThemeName): Record<string, string> {
  if (accent.toLowerCase() === DEFAULT_ACCENT_COLOR) return {};
  const [r, g, b] = [1, 3, 5].map((start) => Number.parseInt(accent.slice(start, start + 2), 16));
  return {
    '--accent': accent,
    '--accent-text': accentTextColor(accent, theme),
    '--accent-soft': `rgba(${r}, ${g}, ${b}, ${ACCENT_SOFT_ALPHA[theme]})`,
  };
}
