import { useParams } from 'react-router-dom';
import { useGetPageBySlugQuery } from '@/features/pages/api/get-page';
import { DynamicPage } from '@/features/pages/components/DynamicPage';
import { usePageTitle } from '@/hooks/use-page-title';

export default function DynamicPageRoute() {
  const { slug = '' } = useParams();
  usePageTitle(useGetPageBySlugQuery(slug).data?.title ?? null);
  // A key per slug: moving between pages starts from "Loading..." again.
  return <DynamicPage key={slug} slug={slug} />;
}
