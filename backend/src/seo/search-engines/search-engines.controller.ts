import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { ServerResponse } from 'node:http';
import type { AppConfig } from '../../config.js';
import { sendNotModified, sendWhole } from '../../http/raw-response.js';
import type { WebRequest } from '../../http/request-facts.js';
import { presents } from '../../http/send-view.js';
import { APP_CONFIG } from '../../infrastructure/tokens.js';
import { siteOrigin } from '../site-url.js';
import { robotsTxt } from './robots.js';
import { Sitemap } from './sitemap.js';

/** Crawlers read both rarely; an hour keeps a busy site's sitemap from being fetched on every match. */
const CACHE_CONTROL = 'public, max-age=3600';

/** GET /robots.txt and GET /sitemap.xml, made from the read models (see Sitemap). */
@ApiTags('search engines')
@Controller()
export class SearchEnginesController {
  constructor(
    private readonly sitemap: Sitemap,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('robots.txt')
  @ApiOperation({ summary: 'Crawl rules: public pages allowed, /admin and /api not; names the sitemap' })
  @ApiProduces('text/plain')
  robots(@Req() request: WebRequest, @Res() response: ServerResponse): void {
    sendWhole(request, response, { type: 'text/plain; charset=utf-8', headers: { 'Cache-Control': CACHE_CONTROL }, body: robotsTxt(siteOrigin(this.config, request)) });
  }

  @Get('sitemap.xml')
  @ApiOperation({ summary: 'The public pages, seasons, players and the newest 1,000 matches, with lastmod where known' })
  @ApiProduces('application/xml')
  async sitemapXml(@Req() request: WebRequest, @Res() response: ServerResponse): Promise<void> {
    const document = await this.sitemap.document(siteOrigin(this.config, request));
    const headers = { ETag: document.etag, 'Cache-Control': CACHE_CONTROL };
    if (presents(request.headers['if-none-match'], document.etag)) return sendNotModified(response, headers);
    sendWhole(request, response, { type: 'application/xml; charset=utf-8', headers, body: document.xml });
  }
}
