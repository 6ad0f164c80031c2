import { Router } from 'express'
import type { CollectionSlug, Payload } from 'payload'

import { ARTICLES_SLUG } from '../collections/Articles'
import { CAROUSELS_SLUG } from '../collections/Carousels'
import { SITE_SLUG } from '../collections/globals/Site'
import { PROJECTS_SLUG } from '../collections/Projects'
import { SKILLS_SLUG } from '../collections/Skills'
import { cached } from '../lib/publicCache'
import { setPublicCaching } from './http/cacheControl'
import { sendData } from './http/envelope'
import { latestArticleItem } from './serializers/article'
import { carouselItem } from './serializers/carousel'
import { type Doc, numberOr, optionalString } from './serializers/common'
import { featuredProjectItem } from './serializers/project'
import { homeSkillItem } from './serializers/skill'

const LATEST_ARTICLES = 5
const FEATURED_PROJECTS = 6
const PUBLISHED = { status: { equals: 'published' } }

/** Count and summed views of a collection's published records (only `viewCount` is read). */
const publishedStats = async (payload: Payload, collection: CollectionSlug) => {
  const { docs } = await payload.find({
    collection,
    depth: 0,
    overrideAccess: false,
    pagination: false,
    select: { viewCount: true },
    where: PUBLISHED,
  })
  return { count: docs.length, views: (docs as Doc[]).reduce((sum, doc) => sum + numberOr(doc.viewCount), 0) }
}

/** The home payload, as an anonymous visitor sees it; its parts are read in parallel. */
const loadHome = async (payload: Payload) => {
  const anonymous = { depth: 0, overrideAccess: false } as const
  const [site, articleStats, projectStats, carousels, latest, featured, skills] = await Promise.all([
    payload.findGlobal({ slug: SITE_SLUG, ...anonymous }),
    publishedStats(payload, ARTICLES_SLUG),
    publishedStats(payload, PROJECTS_SLUG),
    payload.find({
      collection: CAROUSELS_SLUG,
      ...anonymous,
      pagination: false,
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
    payload.find({ collection: SKILLS_SLUG, ...anonymous, pagination: false, sort: ['order', '-level', 'id'] }),
  ])
  const hero = ((site as Doc).hero ?? {}) as Record<string, unknown>
  return {
    hero: {
      title: optionalString(hero.title),
      subtitle: optionalString(hero.subtitle),
      avatar: optionalString(hero.avatar),
      backgroundImage: optionalString(hero.backgroundImage),
    },
    stats: {
      articles: articleStats.count,
      projects: projectStats.count,
      views: articleStats.views + projectStats.views,
    },
    carousels: (carousels.docs as Doc[]).map(carouselItem),
    latestArticles: (latest.docs as Doc[]).map(latestArticleItem),
    featuredProjects: (featured.docs as Doc[]).map(featuredProjectItem),
    skills: (skills.docs as Doc[]).map(homeSkillItem),
  }
}

/** GET /home, cached for `ttl` seconds and cleared by any change to what it shows. */
export const homeRoutes = (payload: Payload, ttl: number): Router => {
  const router = Router()
  router.get('/', async (req, res) => {
    const home = await cached('home', ttl, () => loadHome(payload))
    setPublicCaching(req, res, ttl)
    sendData(res, home)
  })
  return router
}
