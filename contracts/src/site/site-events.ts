import type { SiteSettings } from './site-defaults.js';

// The events of the site's own streams: its settings, and the media library.

export const SITE_SETTINGS_STREAM = 'site-settings';
export const MEDIA_LIBRARY_STREAM = 'media-library';

/**
 * Some settings changed: `changes` holds only those fields, with their new values, and
 * `previous` the values they had, so the audit log can show the change and put it back.
 */
export interface SiteSettingsChanged {
  type: 'SiteSettingsChanged';
  data: { changes: Partial<SiteSettings>; previous: Partial<SiteSettings> };
}
export type SiteSettingsEvent = SiteSettingsChanged;

/** One stored rendition of an image: the original, or a WebP of a given width. */
export interface MediaVariant {
  /** `original`, or the width in pixels of a WebP. */
  name: string;
  contentType: string;
  width: number;
  height: number;
  bytes: number;
}

/**
 * An image was added to the library. Its bytes are in the content-addressed blob table under
 * `hash` (SHA-256 of the original), written before this event was appended.
 */
export interface MediaUploaded {
  type: 'MediaUploaded';
  data: {
    id: string;
    hash: string;
    fileName: string;
    contentType: string;
    width: number;
    height: number;
    bytes: number;
    alt: string;
    variants: MediaVariant[];
    uploadedAt: string;
  };
}

export interface MediaDeleted {
  type: 'MediaDeleted';
  data: { id: string; hash: string; fileName: string };
}

/** An image's alt text was changed (PATCH /api/admin/media/{id}); `previousAlt` puts it back. */
export interface MediaAltChanged {
  type: 'MediaAltChanged';
  data: { id: string; fileName: string; alt: string; previousAlt: string };
}

export type MediaEvent = MediaUploaded | MediaAltChanged | MediaDeleted;
