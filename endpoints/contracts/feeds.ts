import { z } from 'zod'

import { integerText } from '../http/params'
import { defineRoute, errors } from './route'

export const FEED_FORMATS = {
  rss: { path: 'rss.xml', contentType: 'application/rss+xml; charset=utf-8', name: 'RSS 2.0' },
  atom: { path: 'atom.xml', contentType: 'application/atom+xml; charset=utf-8', name: 'Atom 1.0' },
  json: { path: 'feed.json', contentType: 'application/feed+json; charset=utf-8', name: 'JSON Feed 1.1' },
} as const

export type FeedFormat = keyof typeof FEED_FORMATS

const jsonFeedAuthor = z.object({ name: z.string().optional(), url: z.string().optional() })

/** The keys of JSON Feed 1.1 this service writes (https://jsonfeed.org/version/1.1). */
const jsonFeedSchema = z
  .object({
    version: z.literal('https://jsonfeed.org/version/1.1'),
    title: z.string(),
    home_page_url: z.string().optional(),
    feed_url: z.string().optional(),
    description: z.string().optional(),
    language: z.string().optional(),
    authors: z.array(jsonFeedAuthor).optional(),
    items: z.array(
      z.object({
        id: z.string(),
        url: z.string().optional(),
        title: z.string().optional(),
        content_html: z.string().optional(),
        summary: z.string().optional(),
        image: z.string().optional(),
        date_published: z.string().optional(),
        date_modified: z.string().optional(),
        tags: z.array(z.string()).optional(),
        authors: z.array(jsonFeedAuthor).optional(),
      }),
    ),
  })
  .meta({ id: 'JsonFeed' })

export const feedQuery = z.object({ category: integerText.optional().meta({ description: 'Only this article category' }) })

const feedRoute = (format: FeedFormat) =>
  defineRoute({
    method: 'get',
    path: `/feeds/${FEED_FORMATS[format].path}`,
    operationId: `${format}Feed`,
    tag: 'Feeds',
    summary: `The newest published articles as ${FEED_FORMATS[format].name}`,
    access: 'public',
    query: feedQuery,
    responses: {
      200: {
        description: 'The feed',
        document: { contentType: FEED_FORMATS[format].contentType, ...(format === 'json' ? { schema: jsonFeedSchema } : {}) },
      },
      ...errors(404),
    },
  })

export const feedRoutes = [feedRoute('rss'), feedRoute('atom'), feedRoute('json')]
