import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import { commitTransaction, createLocalReq, initTransaction, killTransaction, type Payload, type PayloadRequest } from 'payload'

import { IMPORT_SOURCES_SLUG } from '../../collections/ImportSources'
import { slugFromTitle } from '../slug'
import { SKIP_WEBHOOKS_CONTEXT } from '../webhooks/outbox'
import { imageLinks, rewriteImageLinks } from './imageLinks'
import type { ImportOutcome, ImportReport } from './importReport'
import { isInside, readSiteFile, relativeTo, SiteFileError } from './siteFiles'
import { DEFAULT_CATEGORY, type SourceItem, type SourceSite } from './sourceItem'

/** What the report says of the categories a post named besides the one its article is filed under. */
const categoriesNotKept = (names: string[] = []): string | undefined =>
  names.length === 0 ? undefined : `also in ${names.map((name) => `"${name}"`).join(', ')}: not kept (an article has one category)`

export type ImportOptions = {
  dryRun?: boolean
  /** Email of the user imported articles are credited to; default: the first admin (lowest id). */
  authorEmail?: string
  defaultCategory?: string
  onProgress?: (done: number, total: number, label: string) => void
}

/** An option that makes the whole import impossible (an unknown author): nothing is written. */
export class ImportOptionError extends Error {}

/** A reason to skip one item: reported, and the rest goes on. */
class ItemProblem extends Error {}

const MIME_TYPES: Record<string, string> = {
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.jpeg': 'image/jpeg',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
}

type RefusedWrite = { data?: { errors?: { message?: string; path?: string }[] } }

/**
 * A write Payload refused (a ValidationError: a file type Media does not take, a field a collection rule refuses)
 * as a reason to skip the item, with Payload's own messages; anything else (the database is gone) is rethrown.
 */
const refusal = (what: string, error: unknown): ItemProblem => {
  const errors = (error as RefusedWrite | null)?.data?.errors
  if (!(error instanceof Error) || error.name !== 'ValidationError' || !Array.isArray(errors)) throw error
  const details = errors.map((entry) => (entry.path && entry.path !== 'file' ? `${entry.path}: ${entry.message}` : entry.message)).join('; ')
  return new ItemProblem(`${what} was refused: ${details || error.message}`)
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex')

type LocalImage = { url: string; file: string; data: Buffer; hash: string; alt?: string }

type Mapping = { id: number; record: number; fingerprint: string }

const system = { overrideAccess: true, depth: 0 } as const

/** Alt texts of the Markdown's images, by URL (the first one given wins). */
const altTexts = (markdown: string): Map<string, string> => {
  const alts = new Map<string, string>()
  for (const match of markdown.matchAll(/!\[([^\]]*)\]\(\s*<?([^)\s>]+)/g)) {
    if (match[1] && !alts.has(match[2]!)) alts.set(match[2]!, match[1])
  }
  return alts
}

/** Imports one source site through the Local API: see docs/moving-your-blog-here.md for what becomes what. */
export class BlogImporter {
  private readonly outcomes: ImportOutcome[] = []
  private readonly categoryIds = new Map<string, number>()
  /** Media URLs of image files uploaded or found in this run, by absolute path. */
  private readonly mediaUrls = new Map<string, string>()
  /** Slugs taken in this run, by the item that took them. */
  private readonly claimedSlugs = new Map<string, SourceItem>()
  private authorId: number | undefined
  private readonly userIds = new Map<string, number | undefined>()

  constructor(
    private readonly payload: Payload,
    private readonly site: SourceSite,
    private readonly options: ImportOptions = {},
  ) {}

  private get dryRun() {
    return this.options.dryRun === true
  }

  async run(): Promise<ImportReport> {
    this.authorId = await this.defaultAuthor()
    for (const problem of this.site.problems) this.outcomes.push({ kind: 'file', label: problem.label, action: 'skipped', reason: problem.reason, failed: true })
    const items = [...this.site.items].sort(
      (a, b) => (a.fields.date?.getTime() ?? 0) - (b.fields.date?.getTime() ?? 0) || a.label.localeCompare(b.label),
    )
    const total = this.site.categories.length + this.site.media.length + items.length
    let done = 0
    const step = (label: string) => this.options.onProgress?.(++done, total, label)
    for (const category of this.site.categories) {
      const undo = this.checkpoint()
      try {
        await this.inTransaction((req) => this.categoryId(req, category.name, category.type, category.description))
      } catch (error) {
        undo()
        this.fail('category', category.name, error)
      }
      step(category.name)
    }
    for (const media of this.site.media) {
      const undo = this.checkpoint()
      try {
        const image = this.readImage(media.label, media.file, media.alt)
        await this.inTransaction((req) => this.mediaUrl(req, image, media.label))
      } catch (error) {
        undo()
        this.fail('media', media.label, error)
      }
      step(media.label)
    }
    for (const item of items) {
      const undo = this.checkpoint()
      try {
        await this.importItem(item)
      } catch (error) {
        undo()
        this.fail(item.kind, item.label, error)
      }
      step(item.label)
    }
    return { dryRun: this.dryRun, outcomes: this.outcomes }
  }

  /** What this run has noted so far; the returned function forgets what a failed (rolled back) item added to it. */
  private checkpoint(): () => void {
    const outcomes = this.outcomes.length
    const media = new Set(this.mediaUrls.keys())
    const categories = new Set(this.categoryIds.keys())
    const slugs = new Set(this.claimedSlugs.keys())
    const forget = <K, V>(map: Map<K, V>, kept: Set<K>) => [...map.keys()].filter((key) => !kept.has(key)).forEach((key) => map.delete(key))
    return () => {
      this.outcomes.length = outcomes
      forget(this.mediaUrls, media)
      forget(this.categoryIds, categories)
      forget(this.claimedSlugs, slugs)
    }
  }

  private fail(kind: ImportOutcome['kind'], label: string, error: unknown) {
    if (!(error instanceof ItemProblem)) this.payload.logger.error({ err: error }, `import of ${label} failed`)
    const reason = error instanceof Error ? error.message : String(error)
    this.outcomes.push({ kind, label, action: 'skipped', reason, failed: true })
  }

  /** Runs `work` in one transaction (where the database has them) that skips webhook notifications. */
  private async inTransaction<T>(work: (req: PayloadRequest) => Promise<T>): Promise<T> {
    const req = await createLocalReq({ context: { [SKIP_WEBHOOKS_CONTEXT]: true } }, this.payload)
    await initTransaction(req)
    try {
      const result = await work(req)
      await commitTransaction(req)
      return result
    } catch (error) {
      await killTransaction(req)
      throw error
    }
  }

  private async defaultAuthor(): Promise<number | undefined> {
    if (this.options.authorEmail) {
      const id = await this.userId(this.options.authorEmail)
      if (id === undefined) throw new ImportOptionError(`--author: no user has the email ${this.options.authorEmail}`)
      return id
    }
    const { docs } = await this.payload.find({ collection: 'users', where: { roles: { contains: 'admin' } }, sort: 'id', limit: 1, ...system })
    return docs[0]?.id
  }

  private async userId(email: string): Promise<number | undefined> {
    if (!this.userIds.has(email)) {
      const { docs } = await this.payload.find({ collection: 'users', where: { email: { equals: email } }, limit: 1, ...system })
      this.userIds.set(email, docs[0]?.id)
    }
    return this.userIds.get(email)
  }

  private async mapping(req: PayloadRequest | undefined, key: string): Promise<Mapping | undefined> {
    const { docs } = await this.payload.find({ collection: IMPORT_SOURCES_SLUG, where: { key: { equals: key } }, limit: 1, req, ...system })
    const doc = docs[0]
    return doc ? { id: doc.id, record: doc.record, fingerprint: doc.fingerprint } : undefined
  }

  private async saveMapping(req: PayloadRequest, key: string, existing: Mapping | undefined, collection: 'articles' | 'projects' | 'media', record: number, fingerprint: string) {
    if (existing) {
      await this.payload.update({ collection: IMPORT_SOURCES_SLUG, id: existing.id, data: { record, fingerprint, collection }, req, ...system })
    } else {
      await this.payload.create({ collection: IMPORT_SOURCES_SLUG, data: { key, record, fingerprint, collection }, req, ...system })
    }
  }

  private async exists(req: PayloadRequest | undefined, collection: 'articles' | 'projects' | 'media', id: number): Promise<boolean> {
    const doc = await this.payload.findByID({ collection, id, disableErrors: true, req, ...system })
    return doc !== null
  }

  /** The id of the category named `name` (case-insensitive), created when there is none. */
  private async categoryId(req: PayloadRequest, name: string, type: 'article' | 'project', description?: string): Promise<number> {
    const cacheKey = `${type}:${name.toLowerCase()}`
    const known = this.categoryIds.get(cacheKey)
    if (known !== undefined) return known
    const { docs } = await this.payload.find({ collection: 'categories', where: { type: { equals: type } }, pagination: false, req, ...system })
    const found = docs.find((doc) => doc.name.trim().toLowerCase() === name.trim().toLowerCase())
    let id = found?.id
    if (id === undefined) {
      this.outcomes.push({ kind: 'category', label: name, action: 'created', reason: `${type} category` })
      id = this.dryRun
        ? -(this.categoryIds.size + 1)
        : (
            await this.payload.create({ collection: 'categories', data: { name, type, description }, req, ...system }).catch((error: unknown) => {
              throw refusal(`category "${name}"`, error)
            })
          ).id
    }
    this.categoryIds.set(cacheKey, id)
    return id
  }

  private readImage(url: string, file: string, alt?: string): LocalImage {
    const mimeType = MIME_TYPES[path.extname(file).toLowerCase()]
    if (!mimeType) throw new ItemProblem(`image ${url} is not a JPEG, PNG, WebP, GIF or AVIF file`)
    let data: Buffer
    try {
      data = readSiteFile(this.site.root, file)
    } catch (error) {
      if (!(error instanceof SiteFileError)) throw error
      throw new ItemProblem(error.outside ? `image ${url} links outside the site folder` : `image ${url}: ${error.message}`)
    }
    return { url, file, data, hash: sha256(data), alt }
  }

  /** Every local image the item links to (content, cover, screenshots), read; external URLs are left out. */
  private localImages(item: SourceItem): LocalImage[] {
    const alts = altTexts(item.content)
    const urls = [...imageLinks(item.content), ...(item.fields.cover ? [item.fields.cover] : []), ...(item.kind === 'project' ? item.fields.screenshots : [])]
    const images = new Map<string, LocalImage>()
    for (const url of urls) {
      if (images.has(url)) continue
      const candidates = item.imageCandidates(url)
      if (candidates === null) continue
      // A link such as `/../../home/me/photo.png` in a post someone else wrote must not publish a file of the machine;
      // readImage checks the real path too (a link inside the site may lead out of it).
      const inside = candidates.filter((candidate) => isInside(this.site.root, path.resolve(candidate)))
      if (inside.length === 0) throw new ItemProblem(`image ${url} is outside the site folder`)
      const file = inside.find((candidate) => fs.statSync(candidate, { throwIfNoEntry: false })?.isFile())
      if (!file) throw new ItemProblem(`image ${url} not found (looked for ${inside.map((candidate) => relativeTo(this.site.root, candidate)).join(', ')})`)
      images.set(url, this.readImage(url, file, this.site.altOf(file) ?? alts.get(url)))
    }
    return [...images.values()]
  }

  /** The media URL of an image file: uploaded once, found again by its source key; re-uploaded when the file changed. */
  private async mediaUrl(req: PayloadRequest, image: LocalImage, label: string): Promise<string> {
    const cached = this.mediaUrls.get(image.file)
    if (cached) return cached
    const key = `${this.site.format}:${relativeTo(this.site.root, image.file)}`
    const existing = await this.mapping(req, key)
    const alt = image.alt || path.basename(image.file)
    const file = { data: image.data, mimetype: MIME_TYPES[path.extname(image.file).toLowerCase()]!, name: path.basename(image.file), size: image.data.length }
    const current = existing ? await this.payload.findByID({ collection: 'media', id: existing.record, disableErrors: true, req, ...system }) : null
    let url: string
    if (current && existing?.fingerprint === image.hash) {
      url = current.url ?? ''
      this.outcomes.push({ kind: 'media', label, action: 'skipped', reason: 'unchanged since the last import' })
    } else if (this.dryRun) {
      url = `/(new media)/${path.basename(image.file)}`
      this.outcomes.push({ kind: 'media', label, action: current ? 'updated' : 'created' })
    } else {
      const doc = await (current
        ? this.payload.update({ collection: 'media', id: current.id, data: { alt }, file, req, ...system })
        : this.payload.create({ collection: 'media', data: { alt }, file, req, ...system })
      ).catch((error: unknown) => {
        throw refusal(`image ${image.url}`, error)
      })
      await this.saveMapping(req, key, existing, 'media', doc.id, image.hash)
      url = doc.url ?? ''
      this.outcomes.push({ kind: 'media', label, action: current ? 'updated' : 'created' })
    }
    if (!url) throw new ItemProblem(`image ${image.url} was stored but has no URL`)
    this.mediaUrls.set(image.file, url)
    return url
  }

  /** Refuses a slug another article already has (in this run, or in the database and not imported from this item). */
  private async checkSlug(item: SourceItem, slug: string, record: number | undefined) {
    const holder = this.claimedSlugs.get(slug)
    if (holder && holder.key !== item.key) throw new ItemProblem(`duplicate slug "${slug}": ${holder.label} has it`)
    const { docs } = await this.payload.find({ collection: 'articles', where: { slug: { equals: slug } }, limit: 1, ...system, select: { slug: true } })
    const other = docs[0]
    if (other && other.id !== record) throw new ItemProblem(`duplicate slug "${slug}": article ${other.id} in the database has it`)
  }

  private async importItem(item: SourceItem) {
    const images = this.localImages(item)
    const fingerprint = sha256([item.raw, ...images.map((image) => `${image.url}=${image.hash}`)].join('\0'))
    const collection = item.kind === 'article' ? 'articles' : 'projects'
    const existing = await this.mapping(undefined, item.key)
    const record = existing && (await this.exists(undefined, collection, existing.record)) ? existing.record : undefined

    let slug: string | undefined
    let slugNote: string | undefined
    if (item.kind === 'article' && item.fields.slug) {
      slug = slugFromTitle(item.fields.slug)
      if (slug !== item.fields.slug) slugNote = `slug "${item.fields.slug}" stored as "${slug}"`
      await this.checkSlug(item, slug, record)
      this.claimedSlugs.set(slug, item)
    }

    if (record !== undefined && existing?.fingerprint === fingerprint) {
      this.outcomes.push({ kind: item.kind, label: item.label, action: 'skipped', reason: 'unchanged since the last import' })
      return
    }
    const action = record === undefined ? 'created' : 'updated'
    await this.inTransaction(async (req) => {
      const urls = new Map<string, string>()
      for (const image of images) urls.set(image.url, await this.mediaUrl(req, image, relativeTo(this.site.root, image.file)))
      const content = rewriteImageLinks(item.content, (url) => urls.get(url))
      const cover = item.fields.cover ? (urls.get(item.fields.cover) ?? item.fields.cover) : null
      const category = item.fields.category ?? (item.kind === 'article' ? (this.options.defaultCategory ?? DEFAULT_CATEGORY) : undefined)
      const categoryId = category ? await this.categoryId(req, category, item.kind, undefined) : null
      if (this.dryRun) return
      const createdAt = item.fields.date?.toISOString()
      const status = item.fields.draft ? ('draft' as const) : ('published' as const)
      const publishedAt = status === 'published' ? (item.fields.publishedAt ?? item.fields.date)?.toISOString() : undefined
      const common = {
        title: item.fields.title,
        content,
        coverImage: cover,
        status,
        featured: item.fields.featured,
        publishAt: item.fields.publishAt?.toISOString() ?? null,
        ...(publishedAt ? { publishedAt } : {}),
        ...(createdAt ? { createdAt } : {}),
        ...(item.fields.views !== undefined ? { viewCount: item.fields.views } : {}),
        ...(item.fields.likes !== undefined ? { likeCount: item.fields.likes } : {}),
      }
      let id: number
      if (item.kind === 'article') {
        const author = (item.fields.author ? await this.userId(item.fields.author) : undefined) ?? this.authorId
        const data = { ...common, slug, excerpt: item.fields.excerpt ?? null, category: categoryId!, ...(author !== undefined ? { author } : {}) }
        const doc = await (record === undefined
          ? this.payload.create({ collection: 'articles', data, req, ...system })
          : this.payload.update({ collection: 'articles', id: record, data, req, ...system })
        ).catch((error: unknown) => {
          throw refusal('the article', error)
        })
        id = doc.id
      } else {
        const fields = item.fields
        const data = {
          ...common,
          description: fields.description,
          techStack: fields.techStack,
          demoUrl: fields.demoUrl ?? null,
          repoUrl: fields.repoUrl ?? null,
          screenshots: fields.screenshots.map((url) => urls.get(url) ?? url),
          category: categoryId,
          ...(fields.order !== undefined ? { order: fields.order } : {}),
        }
        const doc = await (record === undefined
          ? this.payload.create({ collection: 'projects', data, req, ...system })
          : this.payload.update({ collection: 'projects', id: record, data, req, ...system })
        ).catch((error: unknown) => {
          throw refusal('the project', error)
        })
        id = doc.id
      }
      await this.saveMapping(req, item.key, existing, collection, id, fingerprint)
    })
    const notes = [slugNote, item.kind === 'article' ? categoriesNotKept(item.fields.otherCategories) : undefined].filter(Boolean)
    this.outcomes.push({ kind: item.kind, label: item.label, action, reason: notes.length > 0 ? notes.join('; ') : undefined })
  }
}

/** Imports a site read by readSite; see BlogImporter. */
export const importSite = (payload: Payload, site: SourceSite, options: ImportOptions = {}): Promise<ImportReport> =>
  new BlogImporter(payload, site, options).run()
