import type { ServerResponse } from 'node:http';
import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import type { Knex } from 'knex';
import { liveMediaByHash } from '@team/projections';
import { sendNotModified, sendWhole } from '../../http/raw-response.js';
import type { WebRequest } from '../../http/request-facts.js';
import { presents } from '../../http/send-view.js';
import { KNEX, READ_KNEX } from '../../infrastructure/tokens.js';
import { NotFoundError } from '../../shared/domain-errors.js';
import { blobId, readBlob } from '../media-blobs.js';

/** `{hash}.{ext}` (the original) or `{hash}-{width}.webp`. */
const MEDIA_FILE = /^([0-9a-f]{64})(?:\.(png|jpg|webp|gif|svg)|-(\d{2,5})\.webp)$/;

/** The address changes with the content, so a file is never asked for twice. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** What an SVG may do when opened on its own: draw, nothing else (the upload refused scripts already). */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

const NOT_FOUND = 'This image does not exist (it may have been deleted).';

/** GET /media/{file}: the library's images, from PostgreSQL, so every API process of a scale-out serves them. */
@Controller('media')
export class ServeMediaController {
  constructor(
    @Inject(READ_KNEX) private readonly readKnex: Knex,
    @Inject(KNEX) private readonly knex: Knex,
  ) {}

  @Get(':file')
  async file(@Param('file') file: string, @Req() request: WebRequest, @Res() response: ServerResponse): Promise<void> {
    const parts = MEDIA_FILE.exec(file);
    if (!parts) throw new NotFoundError(NOT_FOUND);
    const [, hash, extension, width] = parts as unknown as [string, string, string | undefined, string | undefined];
    // A deleted image is not served, even where its bytes are still shared or not yet removed.
    const item = await liveMediaByHash(this.readKnex, hash);
    if (!item) throw new NotFoundError(NOT_FOUND);
    const etag = `"${hash}-${width ?? 'original'}"`;
    const headers = { 'Cache-Control': IMMUTABLE, ETag: etag, ...(item.content_type === 'image/svg+xml' && !width ? { 'Content-Security-Policy': SVG_POLICY } : {}) };
    if (presents(request.headers['if-none-match'], etag)) return sendNotModified(response, headers);
    const blob = await readBlob(this.knex, width ? blobId(hash, Number(width)) : blobId(hash, 'original'));
    if (!blob || (extension && blob.contentType !== item.content_type)) throw new NotFoundError(NOT_FOUND);
    sendWhole(request, response, { type: blob.contentType, headers, body: blob.bytes });
  }
}
