import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { ServerResponse } from 'node:http';
import type { AppConfig } from '../../config.js';
import { sendNotModified, sendWhole } from '../../http/raw-response.js';
import type { WebRequest } from '../../http/request-facts.js';
import { presents } from '../../http/send-view.js';
import { APP_CONFIG } from '../../infrastructure/tokens.js';
import { NotFoundError } from '../../shared/domain-errors.js';
import { originCaching, siteOrigin } from '../site-url.js';
import { robotsTxt } from './robots.js';
import { Sitemap, type SitemapDocument } from './sitemap.js';

/**
 * Crawlers read both rarely; an hour keeps a busy site's sitemap from being fetched on every
 * match. Shared caches may keep them only when PUBLIC_URL names the site (see originCaching).
 */
const CACHE_CONTROL = 'public, max-age=3600';

/** GET /robots.txt, GET /sitemap.xml (the index) and its pages GET /sitemap-{n}.xml, made from the read models (see Sitemap). */
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
    const headers = originCaching(this.config, CACHE_CONTROL);
    sendWhole(request, response, { type: 'text/plain; charset=utf-8', headers, body: robotsTxt(siteOrigin(this.config, request)) });
  }

  @Get('sitemap.xml')
  @ApiOperation({ summary: 'The sitemap index: the address of each page of the sitemap (/sitemap-1.xml, …)' })
  @ApiProduces('application/xml')
  async sitemapIndex(@Req() request: WebRequest, @Res() response: ServerResponse): Promise<void> {
    this.sendSitemap(request, response, await this.sitemap.index(siteOrigin(this.config, request)));
  }

  @Get('sitemap-:page.xml')
  @ApiOperation({
    summary: 'A page of the sitemap, at most 10,000 URLs',
    description: 'The public pages, seasons and the newest 1,000 matches (with lastmod where known), then every player in rank order.',
  })
  @ApiParam({ name: 'page', description: 'From 1, as the index names them' })
  @ApiProduces('application/xml')
  @ApiResponse({ status: 404, description: 'No such page' })
  async sitemapPage(@Param('page') page: string, @Req() request: WebRequest, @Res() response: ServerResponse): Promise<void> {
    const document = /^[1-9]\d{0,5}$/.test(page) ? await this.sitemap.page(Number(page), siteOrigin(this.config, request)) : null;
    if (!document) throw new NotFoundError('No such sitemap page.');
    this.sendSitemap(request, response, document);
  }

  private sendSitemap(request: WebRequest, response: ServerResponse, document: SitemapDocument): void {
    const headers = { ETag: document.etag, ...originCaching(this.config, CACHE_CONTROL) };
    if (presents(request.headers['if-none-match'], document.etag)) return sendNotModified(response, headers);
    sendWhole(request, response, { type: 'application/xml; charset=utf-8', headers, body: document.xml });
  }
}
