import { Hono } from 'hono'
import type { CollectionSlug, Payload } from 'payload'

import { ARTICLES_SLUG } from '../collections/Articles'
import { CAROUSELS_SLUG } from '../collections/Carousels'
import { SITE_SLUG } from '../collections/globals/Site'
import { PROJECTS_SLUG } from '../collections/Projects'
import { SKILLS_SLUG } from '../collections/Skills'
import { countRecords } from '../lib/db/countRecords'
import { sumCounter } from '../lib/db/counterSum'
import { sendPublicRead } from './http/publicResponse'
import type { ApiEnv } from './http/requestTypes'
import { homePayload } from './serializers/home'

const LATEST_ARTICLES = 5
const FEATURED_PROJECTS = 6
const PUBLISHED = { status: { equals: 'published' } }

/**
 * Count and summed views of a collection's published records, both added up by the database (reading every record
 * to add one number made each rebuild of the home take half a second with 10,000 articles).
 */
const publishedStats = async (payload: Payload, collection: CollectionSlug) => {
  const [count, views] = await Promise.all([
    countRecords(payload, collection, { status: 'published' }),
    sumCounter(payload, collection, 'viewCount', { field: 'status', equals: 'published' }),
  ])
  return { count, views }
}

/**
 * The home payload, as an anonymous visitor sees it; its parts are read in parallel, each only the fields it shows
 * (on SQLite the reads run one after another, and whole records made a rebuild a few milliseconds slower).
 */
const loadHome = async (payload: Payload) => {
  const anonymous = { depth: 0, overrideAccess: false } as const
  const [site, articleStats, projectStats, carousels, latest, featured, skills] = await Promise.all([
    payload.findGlobal({ slug: SITE_SLUG, ...anonymous, select: { hero: true } }),
    publishedStats(payload, ARTICLES_SLUG),
    publishedStats(payload, PROJECTS_SLUG),
    payload.find({
      collection: CAROUSELS_SLUG,
      ...anonymous,
      pagination: false,
      select: { title: true, imageUrl: true, linkUrl: true },
      sort: ['order', 'id'],
      where: { status: { equals: 'active' } },
    }),
    payload.find({
      collection: ARTICLES_SLUG,
      ...anonymous,
      limit: LATEST_ARTICLES,
      pagination: false,
      select: { title: true, excerpt: true, content: true, coverImage: true, createdAt: true },
      sort: ['-createdAt', '-id'],
      where: PUBLISHED,
    }),
    payload.find({
      collection: PROJECTS_SLUG,
      ...anonymous,
      limit: FEATURED_PROJECTS,
      pagination: false,
      select: { title: true, description: true, coverImage: true, techStack: true },
      sort: ['order', '-createdAt', '-id'],
      where: { and: [PUBLISHED, { featured: { equals: true } }] },
    }),
    payload.find({ collection: SKILLS_SLUG, ...anonymous, pagination: false, select: { name: true, category: true, level: true }, sort: ['order', '-level', 'id'] }),
  ])
  return homePayload({
    site,
    articleStats,
    projectStats,
    carousels: carousels.docs,
    latestArticles: latest.docs,
    featuredProjects: featured.docs,
    skills: skills.docs,
  })
}

/** GET /home, cached (serialised, with its ETag) for `ttl` seconds and cleared by any change to what it shows. */
export const homeRoutes = (payload: Payload, ttl: number): Hono<ApiEnv> =>
  new Hono<ApiEnv>().get('/', (c) => sendPublicRead(c, { ttl, maxAge: ttl, sharedKey: 'home' }, async () => ({ data: await loadHome(payload) })))
