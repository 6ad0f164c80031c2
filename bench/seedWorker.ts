// One seeding process, started by seed.ts with an IPC channel: it opens the database with the service's environment,
// writes the setup unless it is given one, then its shard of the bulk (the records whose index is the shard's modulo
// the shard count), through the Local API, so every hook (slugs, Markdown to rich text, published dates...) runs.
import { getPayload, type Payload, type TypedUser } from 'payload'

import { composeConfig } from '../composeConfig'
import { leavingDefaults } from '../lib/createData'
import { closeDatabase } from '../lib/db/closeDatabase'
import { readEnv } from '../lib/env'
import * as content from './generatedSite'
import type { SiteSize } from './seed'

export type SeedSetup = { editor: TypedUser; articleCategories: number[]; projectCategories: number[] }
/** How many records of each kind one process wrote, the seconds it took and the CPU seconds it used. */
export type SeedTimings = Record<string, { records: number; seconds: number; cpuSeconds: number }>
type Account = { email: string; password: string }
export type WorkerStart = { size: SiteSize; shard: { index: number; count: number }; concurrency: number; account: Account; setup?: SeedSetup }
export type WorkerMessage =
  | { type: 'setup'; setup: SeedSetup; timings: SeedTimings }
  | { type: 'progress'; records: number; phase: string }
  | { type: 'done'; timings: SeedTimings }
  | { type: 'failed'; message: string }

const send = (message: WorkerMessage) => new Promise<void>((resolve) => process.send!(message, () => resolve()))

// Records are counted as they are written and sent at most every 200 ms. The check is made on each record, not by a
// timer: with SQLite's synchronous driver a create never waits for I/O, so the event loop may not reach its timers.
let unsent = 0
let sentAt = 0
let phaseName = ''
const flush = () => {
  if (unsent > 0) void send({ type: 'progress', records: unsent, phase: phaseName })
  unsent = 0
  sentAt = performance.now()
}

/** Writes `indexes` with `write`, at most `concurrency` at a time, and records the phase's timings (a failure ends it). */
const phase = async (timings: SeedTimings, name: string, indexes: number[], concurrency: number, write: (index: number) => Promise<unknown>) => {
  phaseName = name
  void send({ type: 'progress', records: 0, phase: name })
  const [started, cpu] = [performance.now(), process.cpuUsage()]
  let next = 0
  const writer = async () => {
    while (next < indexes.length) {
      await write(indexes[next++]!).catch((error: unknown) => {
        next = indexes.length // no new writes after a failure; the process reports it and ends
        throw error
      })
      unsent++
      if (performance.now() - sentAt >= 200) flush()
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, indexes.length)) }, writer))
  flush()
  const used = process.cpuUsage(cpu)
  timings[name] = { records: indexes.length, seconds: (performance.now() - started) / 1000, cpuSeconds: (used.user + used.system) / 1e6 }
}

const range = (count: number) => Array.from({ length: count }, (_, index) => index)
/** The created documents are not used: they come back unpopulated, with one field (the rich text is not parsed). */
const READ_BACK = { depth: 0, select: { createdAt: true } } as const
const asEditor = (editor: TypedUser) => ({ ...READ_BACK, overrideAccess: false, user: editor }) as const

/** The small part, written once before the shards start: the editor account, the categories, skills, carousels, the hero. */
const writeSetup = async (payload: Payload, size: SiteSize, account: Account) => {
  const timings: SeedTimings = {}
  let editor: TypedUser | undefined
  await phase(timings, 'editor', [0], 1, async () => {
    const doc = await payload.create({ collection: 'users', data: { ...account, name: 'Bench Editor', roles: ['editor'] }, depth: 0, overrideAccess: true })
    editor = { ...doc, collection: 'users' } as TypedUser
  })
  const writer = asEditor(editor!)
  const categories = [
    ...content.ARTICLE_CATEGORIES.map((name) => ({ name, type: 'article' as const })),
    ...content.PROJECT_CATEGORIES.map((name) => ({ name, type: 'project' as const })),
  ]
  const ids = { article: [] as number[], project: [] as number[] }
  await phase(timings, 'categories', range(categories.length), 1, async (index) => {
    ids[categories[index]!.type].push((await payload.create({ collection: 'categories', data: categories[index]!, ...writer })).id)
  })
  await phase(timings, 'skills', range(size.skills), 1, (index) => payload.create({ collection: 'skills', data: content.generateSkill(index), ...writer }))
  await phase(timings, 'carousels', range(size.carousels), 1, (index) =>
    payload.create({ collection: 'carousels', data: content.generateCarousel(index), ...writer }),
  )
  const hero = { title: 'Hi, I am the benchmark', subtitle: 'Ten thousand articles and counting.' }
  const images = { avatar: 'https://images.example.com/avatar.png', backgroundImage: 'https://images.example.com/hero.jpg' }
  await payload.updateGlobal({ slug: 'site', data: { hero: { ...hero, ...images } }, ...writer })
  return { setup: { editor: editor!, articleCategories: ids.article, projectCategories: ids.project }, timings }
}

/** The bulk: this process's shard of the projects, resources, articles and wall messages. */
const writeShard = async (payload: Payload, { size, shard, concurrency }: WorkerStart, setup: SeedSetup) => {
  const timings: SeedTimings = {}
  const mine = (count: number) => range(count).filter((index) => index % shard.count === shard.index)
  const writer = asEditor(setup.editor)
  await phase(timings, 'projects', mine(size.projects), concurrency, (index) => {
    const { categoryIndex, ...data } = content.generateProject(index, setup.projectCategories.length)
    const category = setup.projectCategories[categoryIndex]
    return payload.create({ collection: 'projects', data: { ...data, category, status: 'published' }, ...writer })
  })
  await phase(timings, 'resources', mine(size.resources), concurrency, (index) =>
    payload.create({ collection: 'resources', data: content.generateResource(index), ...writer }),
  )
  await phase(timings, 'articles', mine(size.articles), concurrency, (index) => {
    const { categoryIndex, ...data } = content.generateArticle(index, size.articles, setup.articleCategories.length)
    const category = setup.articleCategories[categoryIndex]
    return payload.create({ collection: 'articles', data: { ...data, category, status: 'published', publishedAt: data.createdAt }, ...writer })
  })
  // Visitors sign the wall through the public route only; the seed has no visitor, so it writes past that rule.
  await phase(timings, 'wall messages', mine(size.wallMessages), concurrency, (index) => {
    const data = leavingDefaults<'wall-messages', 'status'>(content.generateWallMessage(index)) // the moderation default
    return payload.create({ collection: 'wall-messages', data, ...READ_BACK, overrideAccess: true })
  })
  return timings
}

try {
  const start = await new Promise<WorkerStart>((resolve) => process.once('message', (message) => resolve(message as WorkerStart)))
  // Several processes may write one SQLite file: a writer waits up to a minute for the lock instead of failing.
  const env = readEnv({ ...process.env, SQLITE_BUSY_TIMEOUT: '60000' })
  const payload = await getPayload({ config: composeConfig(env) })
  try {
    const written = start.setup ? undefined : await writeSetup(payload, start.size, start.account)
    if (written) await send({ type: 'setup', ...written })
    await send({ type: 'done', timings: await writeShard(payload, start, start.setup ?? written!.setup) })
  } finally {
    await closeDatabase(payload)
  }
  process.disconnect()
} catch (error) {
  await send({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) })
  process.exit(1)
}
