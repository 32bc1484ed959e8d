import type { BlockLayout, BlockPadding, ContentBlock } from '@team/contracts';
import { ContentBlockView, rendersBlock } from './ContentBlockView';

/** Columns of a 12-column grid per layout; below 768 px every block is full width (CSS). */
const LAYOUT_COLUMNS: Record<BlockLayout, number> = { full: 12, 'two-thirds': 8, half: 6, third: 4 };

const PADDING_REM: Record<BlockPadding, number> = { none: 0, small: 0.75, medium: 1.5, large: 3 };

export function BlockGrid({ blocks }: { blocks: ContentBlock[] }) {
  const visible = [...blocks].sort((a, b) => a.order - b.order).filter(rendersBlock);
  return (
    <div className="block-grid">
      {visible.map((block) => (
        <div
          key={block.id}
          className={`block-cell block-${block.blockType}`}
          data-layout={block.layout}
          style={{
            gridColumn: `span ${LAYOUT_COLUMNS[block.layout] ?? 12}`,
            padding: block.blockType === 'spacer' ? 0 : `${PADDING_REM[block.padding] ?? 0}rem`,
            textAlign: block.textAlign,
          }}
        >
          <ContentBlockView block={block} />
        </div>
      ))}
    </div>
  );
}
