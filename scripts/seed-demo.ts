// `npm run seed:demo`: fills an empty database with a believable demo site, through the Local API, so a newcomer
// sees a working site right after start. Uses the same environment as `npm start` (DATABASE_URL, DATA_DIR, ...).
import { getPayload, type Payload } from 'payload'
import sharp from 'sharp'

import { composeConfig } from '../composeConfig'
import { leavingDefaults } from '../lib/createData'
import { closeDatabase } from '../lib/db/closeDatabase'
import { readEnv } from '../lib/env'
import { articleMarkdown, demoArticles, demoCategories, demoDailyViews, demoProjects, demoSkills, projectMarkdown } from './demoContent'

const system = { overrideAccess: true } as const
const DAY = 24 * 60 * 60 * 1000
/** The dashboard's views chart shows this many days. */
const CHART_DAYS = 30

/**
 * Writes an article's views per UTC day, so the dashboard's chart agrees with its count: all `views` spread over the
 * days since it appeared, at most the chart's last 30, today included.
 */
const fillDailyViews = async (payload: Payload, article: number, views: number, appeared: number) => {
  const today = Math.floor(Date.now() / DAY)
  const days = Math.min(CHART_DAYS, today - Math.floor(appeared / DAY) + 1)
  for (const [index, count] of demoDailyViews(views, days).entries()) {
    if (count === 0) continue
    const day = new Date((today - days + 1 + index) * DAY).toISOString().slice(0, 10)
    await payload.create({ collection: 'article-daily-views', data: { article, day, views: count }, ...system })
  }
}

const PALETTE = [
  { r: 37, g: 99, b: 235 },
  { r: 16, g: 185, b: 129 },
  { r: 245, g: 158, b: 11 },
  { r: 239, g: 68, b: 68 },
  { r: 139, g: 92, b: 246 },
  { r: 20, g: 184, b: 166 },
]

/** A generated picture: a coloured background with a lighter band, 1200x800, as PNG. */
const pictureOf = (index: number) => {
  const color = PALETTE[index % PALETTE.length]!
  const band = Buffer.from(
    `<svg width="1200" height="800"><rect width="1200" height="800" fill="rgb(${color.r},${color.g},${color.b})"/>` +
      `<circle cx="${300 + index * 120}" cy="400" r="220" fill="white" fill-opacity="0.25"/></svg>`,
  )
  return sharp(band).png().toBuffer()
}

const uploadPictures = async (payload: Payload, count: number) => {
  const media = []
  for (let index = 0; index < count; index++) {
    const data = await pictureOf(index)
    media.push(
      await payload.create({
        collection: 'media',
        data: { alt: `Demo picture ${index + 1}` },
        file: { data, mimetype: 'image/png', name: `demo-${index + 1}.png`, size: data.length },
        ...system,
      }),
    )
  }
  return media
}

const seed = async (payload: Payload) => {
  const started = Date.now()
  const authors = await payload.find({ collection: 'users', limit: 1, sort: 'id', ...system })
  const authorId = authors.docs[0]?.id

  const categoryIds = new Map<string, number>()
  for (const type of ['article', 'project'] as const) {
    for (const name of demoCategories[type]) {
      const doc = await payload.create({ collection: 'categories', data: { name, type }, ...system })
      categoryIds.set(name, doc.id)
    }
  }
  const categoryId = (name: string): number => {
    const id = categoryIds.get(name)
    if (id === undefined) throw new Error(`demo content names an unknown category "${name}"`)
    return id
  }

  const pictures = await uploadPictures(payload, 6)
  const pictureUrl = (index: number) => String(pictures[index % pictures.length]!.url)

  for (const [index, article] of demoArticles.entries()) {
    const viewCount = 40 + ((index * 37) % 200)
    const doc = await payload.create({
      collection: 'articles',
      data: {
        title: article.title,
        content: articleMarkdown(article, pictureUrl(index)),
        category: categoryId(article.category),
        coverImage: pictureUrl(index),
        featured: article.featured ?? false,
        status: index === demoArticles.length - 1 ? 'draft' : 'published',
        author: authorId,
        viewCount,
      },
      ...system,
    })
    const created = Date.now() - (demoArticles.length - index) * 3 * DAY
    await payload.db.updateOne({ collection: 'articles', id: doc.id, data: { createdAt: new Date(created).toISOString(), publishedAt: new Date(created).toISOString() } })
    await fillDailyViews(payload, doc.id, viewCount, created)
  }

  for (const [index, project] of demoProjects.entries()) {
    await payload.create({
      collection: 'projects',
      data: {
        ...project,
        techStack: [...project.techStack],
        category: categoryId(project.category),
        content: projectMarkdown(project.description, project.techStack),
        coverImage: pictureUrl(index),
        screenshots: [pictureUrl(index + 1), pictureUrl(index + 2)],
        demoUrl: `https://demo.example.com/${project.title.toLowerCase().replace(/\s+/g, '-')}`,
        repoUrl: `https://github.com/example/${project.title.toLowerCase().replace(/\s+/g, '-')}`,
        order: index,
        status: 'published',
        viewCount: 25 + index * 13,
      },
      ...system,
    })
  }

  for (const [index, title] of ['Hello there', 'Latest writing', 'Things I built'].entries()) {
    await payload.create({
      collection: 'carousels',
      data: { title, imageUrl: pictureUrl(index), linkUrl: ['/about', '/blog', '/projects'][index], order: index, status: 'active' },
      ...system,
    })
  }

  for (const [title, fileSize] of [['Résumé (PDF)', '180 KB'], ['Conference slides: HTTP caching', '3.2 MB'], ['Starter template', '48 KB']]) {
    await payload.create({
      collection: 'resources',
      data: {
        title,
        fileSize,
        description: `Download: ${title}.`,
        fileUrl: `https://files.example.com/${encodeURIComponent(title)}`,
        status: 'active',
      },
      ...system,
    })
  }

  await payload.create({
    collection: 'galleries',
    data: {
      title: 'Sketches and screenshots',
      description: 'Generated pictures standing in for real photos.',
      images: pictures.map((picture) => ({ image: picture.id })),
    },
    ...system,
  })

  for (const [index, [name, category, level]] of demoSkills.entries()) {
    await payload.create({ collection: 'skills', data: { name, category, level, order: index }, ...system })
  }

  await payload.updateGlobal({
    slug: 'site',
    data: {
      hero: {
        title: "Hi, I'm Alex",
        subtitle: 'I write about the web and build small, useful things.',
        avatar: pictureUrl(4),
        backgroundImage: pictureUrl(0),
      },
    },
    ...system,
  })

  for (const [nickname, content] of [['Sam', 'Loved the post on HTTP caching!'], ['Mina', 'Bookshelf is exactly what I needed.']]) {
    // Their status is the site's moderation default.
    await payload.create({ collection: 'wall-messages', data: leavingDefaults<'wall-messages', 'status'>({ nickname, content }), ...system })
  }

  console.log(
    `Demo site ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${demoArticles.length} articles, ${demoProjects.length} projects, ` +
      `3 carousels, 3 resources, 1 gallery of ${pictures.length} images, ${demoSkills.length} skills, the hero and 2 wall messages.`,
  )
}

const main = async () => {
  const payload = await getPayload({ config: composeConfig(readEnv(process.env)) })
  try {
    const existing = await payload.count({ collection: 'articles', ...system })
    if (existing.totalDocs > 0) {
      console.error(`The database already has ${existing.totalDocs} articles: seed:demo only fills an empty site.`)
      process.exitCode = 1
      return
    }
    await seed(payload)
  } finally {
    await closeDatabase(payload)
  }
}

await main()
