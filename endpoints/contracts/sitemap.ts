import { z } from 'zod'

import { defineRoute, errors } from './route'

export const SITEMAP_CONTENT_TYPE = 'application/xml; charset=utf-8'

export const getSitemap = defineRoute({
  method: 'get',
  path: '/sitemap.xml',
  operationId: 'getSitemap',
  tag: 'Feeds',
  summary: 'Every published article and project, for search engines',
  description: 'A urlset; past SITEMAP_MAX_URLS URLs, a sitemap index of `/api/sitemaps/{n}.xml` files.',
  access: 'public',
  responses: { 200: { description: 'The sitemap', document: { contentType: SITEMAP_CONTENT_TYPE } } },
})

export const getSitemapFile = defineRoute({
  method: 'get',
  path: '/sitemaps/{file}',
  operationId: 'getSitemapFile',
  tag: 'Feeds',
  summary: "One file of a sitemap index",
  access: 'public',
  params: z.object({ file: z.string().regex(/^[1-9]\d{0,8}\.xml$/).meta({ description: '`{n}.xml`, from 1' }) }),
  responses: { 200: { description: 'A urlset', document: { contentType: SITEMAP_CONTENT_TYPE } }, ...errors(404) },
})

export const sitemapRoutes = [getSitemap, getSitemapFile]
