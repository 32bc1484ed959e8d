// The CMS's fixed choices (no schemas: the public pages import these on first load).

export const CONTENT_PAGES = ['home', 'about', 'roster'] as const;

export type ContentPage = (typeof CONTENT_PAGES)[number];

export const BLOCK_TYPES = ['text', 'video', 'image', 'html', 'button', 'spacer'] as const;

export type BlockType = (typeof BLOCK_TYPES)[number];

export const BLOCK_LAYOUTS = ['full', 'half', 'third', 'two-thirds'] as const;

export type BlockLayout = (typeof BLOCK_LAYOUTS)[number];

export const BLOCK_PADDINGS = ['none', 'small', 'medium', 'large'] as const;

export type BlockPadding = (typeof BLOCK_PADDINGS)[number];

export const TEXT_ALIGNS = ['left', 'center', 'right', 'justify'] as const;

export type TextAlign = (typeof TEXT_ALIGNS)[number];

export const BUTTON_STYLES = ['primary', 'secondary', 'outline'] as const;

export type ButtonStyle = (typeof BUTTON_STYLES)[number];
