import { useGetPageBySlugQuery } from '../api/get-page';
import { BlockGrid } from './BlockGrid';
import { rendersBlock } from './ContentBlockView';
import './page-blocks.css';

/**
 * The Page Builder's blocks of a system page (home, about, roster), shown below its content
 * sections: those routes draw their sections themselves, and the blocks are the page's own.
 * Nothing shows while they load, when the read fails, or when the page has none.
 */
export function PageBlocks({ slug }: { slug: string }) {
  const { data: page } = useGetPageBySlugQuery(slug);
  if (!page || !page.contentBlocks.some(rendersBlock)) return null;
  return (
    <section className="page-blocks" aria-label={`More on the ${page.title} page`}>
      <BlockGrid blocks={page.contentBlocks} />
    </section>
  );
}
