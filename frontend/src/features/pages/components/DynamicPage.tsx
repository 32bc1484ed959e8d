import { NotFound } from '@/components/errors/NotFound';
import { useGetPageBySlugQuery } from '../api/get-page';
import { BlockGrid } from './BlockGrid';

/** /{slug}: "Loading..." first, then the page's blocks; the 404 screen on error or no data. */
export function DynamicPage({ slug }: { slug: string }) {
  const { data: page, isLoading, isError } = useGetPageBySlugQuery(slug);

  if (isLoading) return <p className="muted">Loading...</p>;
  if (isError || !page) return <NotFound />;

  return (
    <article className="dynamic-page" aria-label={page.title}>
      <BlockGrid blocks={page.contentBlocks} />
    </article>
  );
}
