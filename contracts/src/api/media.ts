import { textProblem } from '../text/text-rules.js';
import { ApiErrorSchema, z, type ApiOperationSpec } from './schema.js';

// The media library over HTTP (docs/site-settings.md): uploads, the list, alt edits, deletes, and the
// files themselves at content-hashed addresses.

export const MAX_MEDIA_BYTES = 10 * 1024 * 1024;
/** Past this many pixels an image is refused: a few kilobytes can claim a 100,000 × 100,000 picture. */
export const MAX_MEDIA_PIXELS = 40_000_000;
export const MAX_MEDIA_SIDE = 12_000;
export const MAX_ALT_LENGTH = 300;
/** The WebP widths made on upload (those narrower than the original). */
export const MEDIA_WIDTHS = [320, 640, 1280, 1920] as const;
export const MEDIA_PAGE_SIZE = 24;

export const MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/svg+xml'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export const MEDIA_EXTENSIONS: Record<MediaType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/svg+xml': 'svg',
};

/** Where the original is served: `/media/{hash}.{ext}`. */
export function mediaOriginalUrl(hash: string, contentType: string): string {
  return `/media/${hash}.${MEDIA_EXTENSIONS[contentType as MediaType] ?? 'bin'}`;
}

/** Where a resized WebP is served: `/media/{hash}-{width}.webp`. */
export function mediaVariantUrl(hash: string, width: number): string {
  return `/media/${hash}-${width}.webp`;
}

/** The alt text's rule, as the end of a sentence that starts with `alt`: storable, one line, at most 300 characters. */
function altRuleProblem(alt: string): string | null {
  return textProblem(alt, { multiline: false }) ?? (alt.trim().length > MAX_ALT_LENGTH ? `must be at most ${MAX_ALT_LENGTH} characters` : null);
}

/** What is wrong with an alt text, or null: the upload's rule and the alt edit's alike. */
export function altTextProblem(alt: string): string | null {
  const problem = altRuleProblem(alt);
  return problem ? `alt: ${problem}.` : null;
}

export const MediaItemSchema = z
  .object({
    id: z.string(),
    url: z.string().meta({ description: 'The original, at its content-hashed address.' }),
    width: z.number().int(),
    height: z.number().int(),
    alt: z.string(),
    srcset: z.string().meta({ description: 'The WebP widths, for an <img srcset>; empty for an SVG.' }),
    contentType: z.string(),
    fileName: z.string(),
    bytes: z.number().int(),
    uploadedAt: z.string(),
    usedBy: z.array(z.string()).meta({ description: 'The places that show it: "Home page: section hero", "Page /tryouts", "Site logo".' }),
  })
  .meta({ id: 'MediaItem', description: 'An image of the media library.' });
export type MediaItem = z.infer<typeof MediaItemSchema>;

export const UploadedMediaSchema = MediaItemSchema.omit({ usedBy: true }).meta({ id: 'UploadedMedia', description: 'The image as stored.' });
export type UploadedMedia = z.infer<typeof UploadedMediaSchema>;

export const MediaPageSchema = z
  .object({ items: z.array(MediaItemSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() })
  .meta({ id: 'MediaPage', description: 'One page of the library, newest first.' });
export type MediaPage = z.infer<typeof MediaPageSchema>;

export const MediaListQuerySchema = z.object({ page: z.coerce.number({ error: 'must be a page number' }).int('must be a whole number').min(1, 'must be 1 or more').max(100_000).default(1) });

export const MediaUploadFormSchema = z
  .object({
    file: z.string().meta({ format: 'binary', description: `PNG, JPEG, WebP, GIF or SVG, at most ${MAX_MEDIA_BYTES / 1024 / 1024} MB; the type is read from the bytes.` }),
    alt: z.string().optional().meta({ description: `What the image shows, for screen readers; at most ${MAX_ALT_LENGTH} characters.` }),
  })
  .meta({ id: 'MediaUploadForm' });

const IdParams = z.object({ id: z.string() });

/** PATCH /api/admin/media/{id}: the alt text, trimmed; the same rule as the upload's. */
export const UpdateMediaRequestSchema = z
  .strictObject(
    {
      alt: z
        .string({ error: 'must be text' })
        .superRefine((value, context) => {
          const problem = altRuleProblem(value);
          if (problem) context.addIssue({ code: 'custom', message: problem });
        })
        .transform((value) => value.trim())
        .meta({ description: `What the image shows, for screen readers; at most ${MAX_ALT_LENGTH} characters. Empty: no alt text.` }),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? `only alt can be changed (not ${issue.keys.join(', ')})` : 'send a JSON object with alt') },
  )
  .meta({ id: 'UpdateMediaRequest', description: "The image's alt text." });
export type UpdateMediaRequest = z.input<typeof UpdateMediaRequestSchema>;

export const MEDIA_OPERATIONS: ApiOperationSpec[] = [
  {
    method: 'post',
    path: '/api/admin/media',
    summary: 'Upload an image',
    description: `multipart/form-data with a \`file\` part and an optional \`alt\` part. Resized to WebP at ${MEDIA_WIDTHS.join(', ')} px on a worker thread. Appends MediaUploaded.`,
    tag: 'Media',
    role: 'editor',
    body: MediaUploadFormSchema,
    responses: { 201: UploadedMediaSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 413: ApiErrorSchema },
  },
  {
    method: 'get',
    path: '/api/admin/media',
    summary: 'The media library, newest first, with where each image is used',
    tag: 'Media',
    role: 'editor',
    query: MediaListQuerySchema,
    responses: { 200: MediaPageSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
  },
  {
    method: 'delete',
    path: '/api/admin/media/{id}',
    summary: 'Delete an image',
    description: 'Appends MediaDeleted; the file is no longer served. The places that used it show nothing in its stead.',
    tag: 'Media',
    role: 'editor',
    pathParams: IdParams,
    responses: { 204: null, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema },
  },
  {
    method: 'patch',
    path: '/api/admin/media/{id}',
    summary: "Change an image's alt text",
    description: 'Appends MediaAltChanged with the new alt text and the one it replaces; nothing when it is the same.',
    tag: 'Media',
    role: 'editor',
    pathParams: IdParams,
    body: UpdateMediaRequestSchema,
    responses: { 200: UploadedMediaSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema },
  },
  {
    method: 'get',
    path: '/media/{file}',
    summary: 'An image file: the original (`{hash}.{ext}`) or a WebP (`{hash}-{width}.webp`)',
    description: 'Served with Cache-Control: public, max-age=31536000, immutable: the address changes with the content.',
    tag: 'Media',
    pathParams: z.object({ file: z.string() }),
    responses: { 200: { mediaType: 'image/*', description: 'The image' }, 404: ApiErrorSchema },
  },
];
