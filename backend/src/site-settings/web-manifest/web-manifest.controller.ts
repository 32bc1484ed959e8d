import type { ServerResponse } from 'node:http';
import { Controller, Get, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { THEME_BACKGROUNDS, type SiteSettings } from '@team/contracts';
import { sendWhole } from '../../http/raw-response.js';
import type { WebRequest } from '../../http/request-facts.js';
import { GetSiteSettingsQuery } from '../get-site/get-site.query.js';

/** The icon's type by its address (the media library's originals end in their type's extension). */
function iconType(url: string): string | undefined {
  const extension = /\.(svg|png|webp|jpg|gif)(?:$|\?)/i.exec(url)?.[1]?.toLowerCase();
  if (!extension) return undefined;
  return extension === 'svg' ? 'image/svg+xml' : extension === 'jpg' ? 'image/jpeg' : `image/${extension}`;
}

/** The web app manifest from the settings: the team's names, colour and icon. */
export function webManifest(settings: SiteSettings): object {
  const icon = settings.faviconUrl ?? settings.logoUrl ?? '/favicon.svg';
  const type = iconType(icon);
  return {
    name: settings.teamName,
    short_name: settings.shortName,
    description: settings.tagline,
    lang: settings.dateLocale,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: settings.accentColor,
    background_color: THEME_BACKGROUNDS.dark.page,
    icons: [{ src: icon, sizes: 'any', ...(type ? { type } : {}) }],
  };
}

/** GET /manifest.webmanifest: read again on each visit (no-cache), so a renamed team installs under its new name. */
@Controller('manifest.webmanifest')
export class WebManifestController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  async manifest(@Req() request: WebRequest, @Res() response: ServerResponse): Promise<void> {
    const settings: SiteSettings = await this.queries.execute(new GetSiteSettingsQuery());
    sendWhole(request, response, {
      type: 'application/manifest+json; charset=utf-8',
      headers: { 'Cache-Control': 'no-cache' },
      body: JSON.stringify(webManifest(settings)),
    });
  }
}
