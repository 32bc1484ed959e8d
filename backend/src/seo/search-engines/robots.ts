/**
 * GET /robots.txt: every public page may be crawled; the admin screens and the API may not
 * (prefixes, as robots.txt reads them); the sitemap is named with its absolute address.
 */
export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /api', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
