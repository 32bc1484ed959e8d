import { Module } from '@nestjs/common';
import { PageHeads } from './page-heads/page-heads.js';
import { SearchEnginesController } from './search-engines/search-engines.controller.js';
import { Sitemap } from './search-engines/sitemap.js';
import { CardAvatars } from './share-cards/card-avatars.js';
import { ShareCardsController } from './share-cards/share-cards.controller.js';
import { ShareCards } from './share-cards/share-cards.js';
import { SiteReads } from './site-reads.js';

/**
 * What link previews and search engines read: each page's head in the app shell (PageHeads,
 * put in place by app.ts), the share cards (/og/…png), robots.txt and sitemap.xml. All of it
 * from the read models through the read API's queries ([docs/sharing.md](../../../docs/sharing.md)).
 */
@Module({
  controllers: [ShareCardsController, SearchEnginesController],
  providers: [SiteReads, CardAvatars, PageHeads, ShareCards, Sitemap],
  exports: [PageHeads],
})
export class SeoModule {}
