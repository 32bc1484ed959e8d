import { errorResponses, z, type ApiOperationSpec } from './schema.js';

// The files the site serves beside the API: the link previews' images and the search engines' files.

export const SITE_FILE_OPERATIONS: ApiOperationSpec[] = [
  {
    method: 'get',
    path: '/og/{subject}/{file}',
    tag: 'site files',
    summary: "A match's or a player's share card (1200×630 PNG)",
    description: 'matches/{id}.png or players/{id}.png. An ETag names the card; If-None-Match answers 304.',
    pathParams: z.object({ subject: z.enum(['matches', 'players']), file: z.string().regex(/^[1-9]\d{0,9}\.png$/).meta({ description: '{id}.png' }) }),
    responses: { 200: { mediaType: 'image/png', description: 'The card.' }, 304: null, ...errorResponses(404, 429, 503) },
  },
  {
    method: 'get',
    path: '/og/site.png',
    tag: 'site files',
    summary: "The site's share card (1200×630 PNG)",
    responses: { 200: { mediaType: 'image/png', description: 'The card.' }, 304: null, ...errorResponses(429, 503) },
  },
  {
    method: 'get',
    path: '/robots.txt',
    tag: 'site files',
    summary: 'robots.txt for crawlers',
    responses: { 200: { mediaType: 'text/plain', description: 'The file, naming the sitemap.' } },
  },
  {
    method: 'get',
    path: '/sitemap.xml',
    tag: 'site files',
    summary: 'The sitemap index: it names the sitemap pages',
    responses: { 200: { mediaType: 'application/xml', description: 'The sitemap index.' }, 304: null },
  },
  {
    method: 'get',
    path: '/sitemap-{page}.xml',
    tag: 'site files',
    summary: 'One page of the sitemap (at most 10,000 addresses)',
    pathParams: z.object({ page: z.string().regex(/^[1-9]\d{0,5}$/).meta({ description: 'The page number, from 1.' }) }),
    responses: { 200: { mediaType: 'application/xml', description: 'The sitemap page.' }, 304: null, ...errorResponses(404) },
  },
  {
    method: 'get',
    path: '/manifest.webmanifest',
    tag: 'site files',
    summary: "The web app manifest, with the site's name, colour and icon",
    responses: { 200: { mediaType: 'application/manifest+json', description: 'The manifest.' } },
  },
];
