export const CONTENT_PAGES = ['home', 'about', 'roster'] as const;
export type ContentPage = (typeof CONTENT_PAGES)[number];

/** A content section ("content entry" on public reads). */
export interface ContentSection {
  id: number;
  page: ContentPage;
  /** Slug id within the page, e.g. "our-story". */
  section: string;
  /** Rich HTML, sanitised. */
  title: string;
  /** Rich HTML, sanitised. */
  content: string;
  imageUrl: string | null;
  order: number;
}

export interface CreateContentRequest {
  page: ContentPage;
  section: string;
  title: string;
  content: string;
  imageUrl?: string | null;
}

export interface UpdateContentRequest {
  title: string;
  content: string;
  imageUrl?: string | null;
}

export interface ReorderContentRequest {
  orderedIds: number[];
}

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

export interface ContentBlock {
  id: number;
  pageId: number;
  blockType: BlockType;
  layout: BlockLayout;
  order: number;
  padding: BlockPadding;
  textAlign: TextAlign;
  title: string | null;
  content: string | null;
  videoUrl: string | null;
  imageUrl: string | null;
  buttonText: string | null;
  buttonUrl: string | null;
  buttonStyle: ButtonStyle | null;
}

export interface Page {
  id: number;
  slug: string;
  title: string;
  isSystem: boolean;
}

export interface PageWithBlocks extends Page {
  contentBlocks: ContentBlock[];
}

export interface CreatePageRequest {
  slug: string;
  title: string;
}

/** Body of POST /api/blocks (PUT /api/blocks/{id} takes the same without pageId). */
export type SaveBlockRequest = Omit<ContentBlock, 'id'> & { id?: number };
