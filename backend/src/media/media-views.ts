import { mediaOriginalUrl, mediaVariantUrl, type MediaItem, type MediaUploaded, type UploadedMedia } from '@team/contracts';
import type { MediaItemRow } from '@team/projections';

/** `srcset` of an image's WebPs: `/media/{hash}-320.webp 320w, …`. */
export function srcsetOf(hash: string, variants: readonly { name: string; width: number }[]): string {
  return variants
    .filter((variant) => variant.name !== 'original')
    .map((variant) => `${mediaVariantUrl(hash, variant.width)} ${variant.width}w`)
    .join(', ');
}

export function uploadedView(data: MediaUploaded['data']): UploadedMedia {
  return {
    id: data.id,
    url: mediaOriginalUrl(data.hash, data.contentType),
    width: data.width,
    height: data.height,
    alt: data.alt,
    srcset: srcsetOf(data.hash, data.variants),
    contentType: data.contentType,
    fileName: data.fileName,
    bytes: data.bytes,
    uploadedAt: data.uploadedAt,
  };
}

export function itemView(row: MediaItemRow, usedBy: string[]): MediaItem {
  return {
    ...uploadedView({
      id: row.id,
      hash: row.hash,
      fileName: row.file_name,
      contentType: row.content_type,
      width: row.width,
      height: row.height,
      bytes: row.bytes,
      alt: row.alt,
      variants: row.variants,
      uploadedAt: new Date(row.uploaded_at).toISOString(),
    }),
    usedBy,
  };
}
