import { createHash, randomBytes } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import {
  altTextProblem,
  MEDIA_LIBRARY_STREAM,
  type AppendContext,
  type EventStore,
  type MediaUploaded,
  type MediaVariant,
  type UploadedMedia,
} from '@team/contracts';
import { CLOCK, EVENT_STORE, KNEX, type Clock } from '../../infrastructure/tokens.js';
import { decideAndAppend } from '../../shared/decide-and-append.js';
import { InvalidInputError } from '../../shared/domain-errors.js';
import { ImageProcessor, UnreadableImageError } from '../image-processor.js';
import { blobId, writeBlobs, type Blob } from '../media-blobs.js';
import { sniffMediaType } from '../media-type.js';
import { mediaDecider } from '../media.decider.js';
import { uploadedView } from '../media-views.js';
import { sanitizeSvg, svgProblem, svgSize } from '../svg-check.js';
import type { MediaUpload } from '../upload-body.js';

export class UploadMediaCommand extends Command<{ media: UploadedMedia; position: number }> {
  constructor(
    readonly upload: MediaUpload,
    readonly context: AppendContext,
  ) {
    super();
  }
}

const NOT_AN_IMAGE = 'The file is not a PNG, JPEG, WebP, GIF or SVG image (its content was checked, not its name).';
const MAX_FILE_NAME = 200;

/** The name as shown in the library: its last path part, without control characters, at most 200 characters. */
function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').replace(/[\ud800-\udfff]/g, '').trim();
  return (clean || 'image').slice(0, MAX_FILE_NAME);
}

/**
 * POST /api/admin/media: the bytes are checked by their content, an SVG is refused when it
 * holds anything that runs or reaches out and sanitised otherwise, a raster image is read and
 * resized on a worker thread; only then are the renditions stored (by content hash) and
 * MediaUploaded appended. Every refusal comes before anything is written.
 */
@CommandHandler(UploadMediaCommand)
export class UploadMediaHandler implements ICommandHandler<UploadMediaCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(KNEX) private readonly knex: Knex,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly images: ImageProcessor,
  ) {}

  async execute({ upload, context }: UploadMediaCommand) {
    const alt = upload.alt.trim();
    const altProblem = altTextProblem(upload.alt);
    if (altProblem) throw new InvalidInputError(`The image was not stored: ${altProblem}`, [altProblem]);
    if (upload.file.length === 0) throw new InvalidInputError('The file is empty.');
    const type = sniffMediaType(upload.file);
    if (!type) throw new InvalidInputError(NOT_AN_IMAGE);

    let original = upload.file;
    let size: { width: number; height: number };
    let resized: { width: number; height: number; bytes: Buffer }[] = [];
    if (type === 'image/svg+xml') {
      const text = upload.file.toString('utf8');
      const problem = svgProblem(text);
      if (problem) throw new InvalidInputError(problem);
      original = Buffer.from(sanitizeSvg(text), 'utf8');
      size = svgSize(text);
    } else {
      try {
        const image = await this.images.resize(upload.file);
        size = { width: image.width, height: image.height };
        resized = image.variants;
      } catch (error) {
        if (error instanceof UnreadableImageError) throw new InvalidInputError(error.message);
        throw error;
      }
    }

    const hash = createHash('sha256').update(original).digest('hex');
    const blobs: Blob[] = [
      { id: blobId(hash, 'original'), hash, contentType: type, bytes: original },
      ...resized.map((variant) => ({ id: blobId(hash, variant.width), hash, contentType: 'image/webp', bytes: variant.bytes })),
    ];
    const variants: MediaVariant[] = [
      { name: 'original', contentType: type, width: size.width, height: size.height, bytes: original.length },
      ...resized.map((variant) => ({ name: String(variant.width), contentType: 'image/webp', width: variant.width, height: variant.height, bytes: variant.bytes.length })),
    ];
    // The bytes go first: an event never names a file that is not there.
    await writeBlobs(this.knex, blobs);
    const item: MediaUploaded['data'] = {
      id: `m${randomBytes(8).toString('hex')}`,
      hash,
      fileName: cleanFileName(upload.fileName),
      contentType: type,
      width: size.width,
      height: size.height,
      bytes: original.length,
      alt,
      variants,
      uploadedAt: this.clock().toISOString(),
    };
    const { position } = await decideAndAppend(this.store, MEDIA_LIBRARY_STREAM, mediaDecider, { type: 'AddMedia', item }, context);
    return { media: uploadedView(item), position };
  }
}
