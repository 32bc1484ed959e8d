import { Navigate, useParams } from 'react-router-dom';
import { useGetPageBySlugQuery } from '@/features/pages/api/get-page';
import { DynamicPage } from '@/features/pages/components/DynamicPage';
import { usePageTitle } from '@/hooks/use-page-title';

export default function DynamicPageRoute() {
  const { slug = '' } = useParams();
  const home = slug === 'home';
  usePageTitle(useGetPageBySlugQuery(slug, { skip: home }).data?.title ?? null);
  // The home page's blocks show on / (below its sections): /home is only another way there.
  if (home) return <Navigate to="/" replace />;
  // A key per slug: moving between pages starts from "Loading..." again.
  return <DynamicPage key={slug} slug={slug} />;
}
