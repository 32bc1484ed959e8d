import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { ServerResponse } from 'node:http';
import { sendNotModified, sendWhole } from '../../http/raw-response.js';
import { clientBudgetKey, type WebRequest } from '../../http/request-facts.js';
import { presents } from '../../http/send-view.js';
import { NotFoundError } from '../../shared/domain-errors.js';
import { MAX_ID } from '../../shared/route-params.js';
import { ShareCards, type CardSubject, type FoundCard } from './share-cards.js';

/**
 * A card changes when its match or player does (a later match moves a player's rating): caches
 * keep it five minutes, then ask again with its ETag. Each page's og:image link carries the
 * card's version, so a changed card is also a new address.
 */
const CACHE_CONTROL = 'public, max-age=300';

/** The folder of each kind of card. */
const SUBJECTS: Record<string, CardSubject> = { matches: 'match', players: 'player' };

/** `123.png` → 123; anything else names no card. */
function cardId(file: string): number | null {
  const id = /^[1-9]\d{0,9}\.png$/.test(file) ? Number(file.slice(0, -4)) : NaN;
  return id <= MAX_ID ? id : null;
}

/** GET /og/matches/{id}.png, /og/players/{id}.png and /og/site.png: the link previews' images. */
@ApiTags('share cards')
@Controller('og')
export class ShareCardsController {
  constructor(private readonly cards: ShareCards) {}

  @Get(':subject/:file')
  @ApiOperation({
    summary: "A match's or a player's share card (1200×630 PNG)",
    description:
      "matches/{id}.png: both teams with their players' names and rating changes, the score and the winner; " +
      "players/{id}.png: name, rating, tier, record W-L and rank, with the player's avatar when it is a media library file.",
  })
  @ApiParam({ name: 'subject', enum: Object.keys(SUBJECTS) })
  @ApiParam({ name: 'file', description: 'The id and .png, e.g. 12.png' })
  @ApiProduces('image/png')
  @ApiResponse({ status: 404, description: 'No such match or player (a merged-away player included), or a malformed id' })
  @ApiResponse({ status: 429, description: 'Too many new cards asked for from this address (Retry-After)' })
  @ApiResponse({ status: 503, description: 'Too many cards being drawn at once (Retry-After)' })
  async card(@Param('subject') folder: string, @Param('file') file: string, @Req() request: WebRequest, @Res() response: ServerResponse): Promise<void> {
    const subject = Object.hasOwn(SUBJECTS, folder) ? SUBJECTS[folder]! : null;
    const id = cardId(file);
    await this.send(request, response, subject && id !== null ? await this.cards.find(subject, id) : null);
  }

  @Get('site.png')
  @ApiOperation({ summary: "The site's share card (1200×630 PNG), for pages about no one match or player" })
  @ApiProduces('image/png')
  async site(@Req() request: WebRequest, @Res() response: ServerResponse): Promise<void> {
    await this.send(request, response, await this.cards.site());
  }

  /** 304 when the client has this version (nothing is drawn), else the PNG; a refusal (429, 503) is never cached. */
  private async send(request: WebRequest, response: ServerResponse, found: FoundCard | null): Promise<void> {
    if (!found) throw new NotFoundError('No such card.');
    const etag = `"${found.version}"`;
    if (presents(request.headers['if-none-match'], etag)) {
      sendNotModified(response, { ETag: etag, 'Cache-Control': CACHE_CONTROL });
      return;
    }
    const png = await this.cards.png(found, clientBudgetKey(request));
    sendWhole(request, response, { type: 'image/png', headers: { ETag: etag, 'Cache-Control': CACHE_CONTROL }, body: png });
  }
}
