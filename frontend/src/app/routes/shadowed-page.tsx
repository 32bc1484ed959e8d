import { isShadowedPage, pagePath } from '@team/contracts';
import { Navigate, useParams } from 'react-router-dom';
import { useGetPageBySlugQuery } from '@/features/pages/api/get-page';
import { DynamicPage } from '@/features/pages/components/DynamicPage';
import { usePageTitle } from '@/hooks/use-page-title';

/**
 * /pages/{slug}: a built page whose slug became a route of the site after it was made (issue 42's
 * `schedule`), so /{slug} shows the site's own screen. Any other page has one address, /{slug}.
 */
export default function ShadowedPageRoute() {
  const { slug = '' } = useParams();
  const shadowed = isShadowedPage(slug);
  usePageTitle(useGetPageBySlugQuery(slug, { skip: !shadowed }).data?.title ?? null);
  if (!shadowed) return <Navigate to={pagePath(slug)} replace />;
  return <DynamicPage key={slug} slug={slug} />;
}
