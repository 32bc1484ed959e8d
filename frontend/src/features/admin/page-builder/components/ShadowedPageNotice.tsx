import { Alert } from 'antd';
import { isShadowedPage, pagePath, siteRouteName } from '@team/contracts';

/** A page's address as the list shows it: /{slug}, or /pages/{slug} once the site took the slug. */
export const listedAddress = (slug: string): string => (isShadowedPage(slug) ? pagePath(slug) : `/${slug}`);

/**
 * A page made before its slug became a route of the site (issue 42's schedule): where it is now
 * and how to give it an address of its own, since a page's slug cannot be edited.
 */
export function ShadowedPageNotice({ slug }: { slug: string }) {
  return (
    <Alert
      type="warning"
      showIcon
      title={`/${slug} now shows ${siteRouteName(slug)}`}
      description={
        <>
          <p>
            This page keeps its content and is served at <a href={pagePath(slug)}>{pagePath(slug)}</a> (Preview opens it there).
          </p>
          <p>
            To rename it, choose New Page with another slug, add the same blocks to it and Save Changes, then come back here and
            Delete Page. Links in the navigation settings that name this page need the new page instead.
          </p>
        </>
      }
    />
  );
}
