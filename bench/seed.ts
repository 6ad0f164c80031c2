// Writes the benchmark site through Payload's Local API, so every hook (slugs, Markdown to rich text, published dates,
// cache clearing) runs as it does for an editor. The bulk is split into shards, one per seeding process.
import type { Payload, TypedUser } from 'payload'

import { ARTICLES_SLUG } from '../collections/Articles'
import { CAROUSELS_SLUG } from '../collections/Carousels'
import { CATEGORIES_SLUG } from '../collections/Categories'
import { SITE_SLUG } from '../collections/globals/Site'
import { PROJECTS_SLUG } from '../collections/Projects'
import { RESOURCES_SLUG } from '../collections/Resources'
import { SKILLS_SLUG } from '../collections/Skills'
import { USERS_SLUG } from '../collections/Users'
import { WALL_MESSAGES_SLUG } from '../collections/WallMessages'
import { leavingDefaults } from '../lib/createData'
import {
  ARTICLE_CATEGORIES,
  generateArticle,
  generateCarousel,
  generateProject,
  generateResource,
  generateSkill,
  generateWallMessage,
  PROJECT_CATEGORIES,
} from '../scripts/demoContent'
import { runPool } from './pool'

export type SiteSize = {
  articles: number
  projects: number
  resources: number
  skills: number
  carousels: number
  wallMessages: number
}

export const FULL_SITE: SiteSize = { articles: 10_000, projects: 500, resources: 2_000, skills: 50, carousels: 20, wallMessages: 10_000 }

/** A smaller site of the same make-up, at least one record of each kind. */
export const scaleSite = (size: SiteSize, scale: number): SiteSize =>
  Object.fromEntries(Object.entries(size).map(([kind, count]) => [kind, Math.max(1, Math.round(count * scale))])) as SiteSize

/** Every record the seed writes: the site plus the editor account and the categories. */
export const recordCount = (size: SiteSize): number =>
  1 + ARTICLE_CATEGORIES.length + PROJECT_CATEGORIES.length + Object.values(size).reduce((sum, count) => sum + count, 0)

/** What the shards need from the setup: who writes, and the category ids. */
export type SeedSetup = {
  editor: TypedUser
  articleCategories: (number | string)[]
  projectCategories: (number | string)[]
}

/** How many records of each kind one process wrote, the seconds it took and the CPU seconds it used. */
export type SeedTimings = Record<string, { records: number; seconds: number; cpuSeconds: number }>

export type SeedReporter = { phase: (name: string) => void; tick: () => void }

/** The editor account the seed writes as; the benchmark logs in with it to make changes. */
export const EDITOR_ACCOUNT = { email: 'editor@bench.example.com', password: 'bench-editor-password' } as const

/** The created documents are not used: they come back unpopulated, with one field (the rich text is not parsed). */
const READ_BACK = { depth: 0, select: { createdAt: true } } as const
const system = { ...READ_BACK, overrideAccess: true } as const
const asEditor = (setup: Pick<SeedSetup, 'editor'>) => ({ ...READ_BACK, overrideAccess: false, user: setup.editor }) as const

const createPhases = (reporter: SeedReporter, concurrency: number) => {
  const timings: SeedTimings = {}
  const phase = async (name: string, indexes: number[], write: (index: number) => Promise<unknown>, parallel = concurrency) => {
    reporter.phase(name)
    const started = performance.now()
    const cpu = process.cpuUsage()
    await runPool(indexes.length, parallel, async (position) => {
      await write(indexes[position]!)
      reporter.tick()
    })
    const used = process.cpuUsage(cpu)
    timings[name] = { records: indexes.length, seconds: (performance.now() - started) / 1000, cpuSeconds: (used.user + used.system) / 1e6 }
  }
  return { phase, timings }
}

const range = (count: number) => Array.from({ length: count }, (_, index) => index)

/**
 * The small part, written once before the shards start: an editor account, the categories, skills, carousels and
 * the hero. Content is written as that editor (`overrideAccess: false`), so access rules and the author hook run.
 */
export const seedSetup = async (
  payload: Payload,
  size: SiteSize,
  reporter: SeedReporter,
): Promise<{ setup: SeedSetup; timings: SeedTimings }> => {
  const { phase, timings } = createPhases(reporter, 1)
  let editor: TypedUser | undefined
  await phase('editor', [0], async () => {
    const doc = await payload.create({
      collection: USERS_SLUG,
      data: { ...EDITOR_ACCOUNT, name: 'Bench Editor', roles: ['editor'] },
      depth: 0,
      overrideAccess: true,
    })
    editor = { ...doc, collection: USERS_SLUG } as TypedUser
  })
  const writer = asEditor({ editor: editor! })

  const articleCategories: (number | string)[] = []
  const projectCategories: (number | string)[] = []
  await phase('categories', range(ARTICLE_CATEGORIES.length + PROJECT_CATEGORIES.length), async (index) => {
    const isArticle = index < ARTICLE_CATEGORIES.length
    const name = isArticle ? ARTICLE_CATEGORIES[index]! : PROJECT_CATEGORIES[index - ARTICLE_CATEGORIES.length]!
    const doc = await payload.create({ collection: CATEGORIES_SLUG, data: { name, type: isArticle ? 'article' : 'project' }, ...writer })
    if (isArticle) articleCategories.push(doc.id)
    else projectCategories.push(doc.id)
  })
  await phase('skills', range(size.skills), (index) => payload.create({ collection: SKILLS_SLUG, data: generateSkill(index), ...writer }))
  await phase('carousels', range(size.carousels), (index) =>
    payload.create({ collection: CAROUSELS_SLUG, data: generateCarousel(index), ...writer }),
  )
  await payload.updateGlobal({
    slug: SITE_SLUG,
    data: {
      hero: {
        title: 'Hi, I am the benchmark',
        subtitle: 'Ten thousand articles and counting.',
        avatar: 'https://images.example.com/avatar.png',
        backgroundImage: 'https://images.example.com/hero.jpg',
      },
    },
    ...writer,
  })
  return { setup: { editor: editor!, articleCategories, projectCategories }, timings }
}

export type Shard = { index: number; count: number }

/** The bulk, split by record index: shard `k` of `n` writes the records whose index is `k` modulo `n`. */
export const seedShard = async (
  payload: Payload,
  size: SiteSize,
  setup: SeedSetup,
  shard: Shard,
  concurrency: number,
  reporter: SeedReporter,
): Promise<SeedTimings> => {
  const { phase, timings } = createPhases(reporter, concurrency)
  const mine = (count: number) => range(count).filter((index) => index % shard.count === shard.index)
  const writer = asEditor(setup)

  await phase('projects', mine(size.projects), (index) => {
    const { categoryIndex, ...data } = generateProject(index, setup.projectCategories.length)
    return payload.create({
      collection: PROJECTS_SLUG,
      data: { ...data, category: setup.projectCategories[categoryIndex], status: 'published' } as never,
      ...writer,
    })
  })
  await phase('resources', mine(size.resources), (index) =>
    payload.create({ collection: RESOURCES_SLUG, data: generateResource(index), ...writer }),
  )
  await phase('articles', mine(size.articles), (index) => {
    const { categoryIndex, ...data } = generateArticle(index, size.articles, setup.articleCategories.length)
    return payload.create({
      collection: ARTICLES_SLUG,
      data: { ...data, category: setup.articleCategories[categoryIndex], status: 'published', publishedAt: data.createdAt } as never,
      ...writer,
    })
  })
  // Visitors sign the wall through the public route only; the seed has no visitor, so it writes past that rule.
  await phase('wall messages', mine(size.wallMessages), (index) =>
    payload.create({ collection: WALL_MESSAGES_SLUG, data: leavingDefaults<'wall-messages', 'status'>(generateWallMessage(index)), ...system }),
  )
  return timings
}
