import { isSafeUrl, opensInNewTab, SPACER_HEIGHTS, type ButtonStyle, type ContentBlock } from '@team/contracts';
import { plainButtonClass, type PlainButtonVariant } from '@/components/ui/PlainButton';
import { RichText } from '@/components/ui/RichText';
import { HtmlBlock } from './blocks/HtmlBlock';
import { VideoBlock } from './blocks/VideoBlock';

/**
 * docs/product.md#screens-and-routes block rules: a button needs both text and URL; video and image blocks need
 * their URL. Blocks that fail them are left out of the grid altogether.
 */
export function rendersBlock(block: ContentBlock): boolean {
  switch (block.blockType) {
    case 'button':
      return Boolean(block.buttonText?.trim() && block.buttonUrl?.trim());
    case 'video':
      return Boolean(block.videoUrl?.trim());
    case 'image':
      return Boolean(block.imageUrl?.trim());
    default:
      return true;
  }
}

const LOOKS_LIKE_HTML = /<[a-z][\s\S]*>/i;

function BlockText({ content }: { content: string | null }) {
  if (!content) return null;
  return LOOKS_LIKE_HTML.test(content) ? (
    <RichText html={content} />
  ) : (
    <p className="block-plain-text">{content}</p>
  );
}

function BlockTitle({ title }: { title: string | null }) {
  return title ? <h2 className="block-title">{title}</h2> : null;
}

const BUTTON_VARIANTS: Record<ButtonStyle, PlainButtonVariant> = { primary: 'primary', secondary: 'filled', outline: 'outline' };

function ButtonBlock({ block }: { block: ContentBlock }) {
  const url = block.buttonUrl!.trim();
  const newTab = opensInNewTab(url);
  return (
    <a
      className={plainButtonClass(BUTTON_VARIANTS[block.buttonStyle ?? 'primary'], 'large')}
      href={isSafeUrl(url) ? url : undefined}
      target={newTab ? '_blank' : undefined}
      rel={newTab ? 'noopener noreferrer' : undefined}
    >
      {block.buttonText}
    </a>
  );
}

function ImageBlock({ block }: { block: ContentBlock }) {
  const url = block.imageUrl!.trim();
  return (
    <figure className="block-figure">
      {isSafeUrl(url) && <img src={url} alt={block.title ?? ''} loading="lazy" />}
      {block.title && <figcaption className="muted">{block.title}</figcaption>}
    </figure>
  );
}

export function ContentBlockView({ block }: { block: ContentBlock }) {
  switch (block.blockType) {
    case 'text':
      return (
        <>
          <BlockTitle title={block.title} />
          <BlockText content={block.content} />
        </>
      );
    case 'video':
      return (
        <>
          <BlockTitle title={block.title} />
          <VideoBlock url={block.videoUrl!.trim()} title={block.title} />
          <BlockText content={block.content} />
        </>
      );
    case 'image':
      return <ImageBlock block={block} />;
    case 'html':
      return (
        <>
          <BlockTitle title={block.title} />
          <HtmlBlock html={block.content ?? ''} title={block.title} />
        </>
      );
    case 'button':
      return <ButtonBlock block={block} />;
    case 'spacer':
      // Spacer heights are spacing units of a quarter rem (docs/product.md#constants-and-limits: 0, 8, 16, 32).
      return <div aria-hidden style={{ height: `${SPACER_HEIGHTS[block.padding] * 0.25}rem` }} />;
    default:
      return null;
  }
}
