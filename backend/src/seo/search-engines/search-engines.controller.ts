import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.js';
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
  robots(@Req() request: FastifyRequest, @Res() response: FastifyReply): void {
    response.header('Cache-Control', CACHE_CONTROL).type('text/plain; charset=utf-8').send(robotsTxt(siteOrigin(this.config, request)));
  }

  @Get('sitemap.xml')
  @ApiOperation({ summary: 'The public pages, seasons, players and the newest 1,000 matches, with lastmod where known' })
  @ApiProduces('application/xml')
  async sitemapXml(@Req() request: FastifyRequest, @Res() response: FastifyReply): Promise<void> {
    const document = await this.sitemap.document(siteOrigin(this.config, request));
    response.header('ETag', document.etag).header('Cache-Control', CACHE_CONTROL);
    if (presents(request.headers['if-none-match'], document.etag)) {
      response.code(304).send();
      return;
    }
    response.type('application/xml; charset=utf-8').send(document.xml);
  }
}
