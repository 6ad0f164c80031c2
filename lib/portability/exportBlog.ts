import fs from 'node:fs'
import path from 'node:path'

import type { Payload } from 'payload'

import type { Article, Category, Media, Project, User } from '../../payload-types'
import { slugFromTitle } from '../slug'
import { ARTICLES_DIR, type ExportManifest, MANIFEST_FILE, MANIFEST_FORMAT, MEDIA_DIR, mediaLink, PROJECTS_DIR } from './exportLayout'
import { writeFrontMatter } from './frontMatter'
import { rewriteImageLinks } from './imageLinks'

export type ExportSummary = { articles: number; projects: number; media: number; categories: number; missingMedia: string[] }

export type ExportOptions = { onProgress?: (done: number, total: number, label: string) => void }

const system = { overrideAccess: true, pagination: false } as const

const iso = (value: string | null | undefined) => (value ? new Date(value).toISOString() : undefined)
const nameOf = (category: number | Category | null | undefined) => (category && typeof category === 'object' ? category.name : undefined)
const emailOf = (user: number | User | null | undefined) => (user && typeof user === 'object' ? user.email : undefined)
const orNothing = (value: string | null | undefined) => (value ? value : undefined)

/** The target folder cannot take an export (it holds other files). */
export class ExportDirError extends Error {}

/** Refuses a folder that holds anything but an earlier export, so an export never mixes with other files. */
const prepareDir = (dir: string) => {
  fs.mkdirSync(dir, { recursive: true })
  const entries = fs.readdirSync(dir)
  if (entries.length > 0 && !entries.includes(MANIFEST_FILE)) throw new ExportDirError(`${dir} is not empty and holds no earlier export: choose an empty folder`)
  for (const sub of [ARTICLES_DIR, PROJECTS_DIR, MEDIA_DIR]) fs.rmSync(path.join(dir, sub), { recursive: true, force: true })
  for (const sub of [ARTICLES_DIR, PROJECTS_DIR, MEDIA_DIR]) fs.mkdirSync(path.join(dir, sub))
}

/** Every URL the site serves a media file at (the original and its sizes, root-relative and absolute), to its file name. */
const mediaUrlIndex = (docs: Media[], serverUrl: string): Map<string, string> => {
  const index = new Map<string, string>()
  for (const doc of docs) {
    if (!doc.filename) continue
    const urls = [doc.url, ...Object.values(doc.sizes ?? {}).map((size) => size?.url)].filter((url): url is string => Boolean(url))
    for (const url of urls) {
      index.set(url, doc.filename)
      if (url.startsWith('/') && serverUrl) index.set(`${serverUrl}${url}`, doc.filename)
      if (serverUrl && url.startsWith(serverUrl)) index.set(url.slice(serverUrl.length), doc.filename)
    }
  }
  return index
}

/**
 * Writes every article and project as Markdown with YAML front matter, every media file, and a manifest with the
 * categories and alt texts, in the layout `npm run import` reads back (docs/moving-your-blog-here.md).
 */
export const exportSite = async (payload: Payload, dir: string, options: ExportOptions = {}): Promise<ExportSummary> => {
  prepareDir(dir)
  const media = (await payload.find({ collection: 'media', depth: 0, sort: 'id', ...system })).docs
  const categories = (await payload.find({ collection: 'categories', depth: 0, sort: 'id', ...system })).docs
  const articles = (await payload.find({ collection: 'articles', depth: 1, sort: 'createdAt', ...system })).docs
  const projects = (await payload.find({ collection: 'projects', depth: 1, sort: 'createdAt', ...system })).docs
  const total = media.length + articles.length + projects.length
  let done = 0
  const step = (label: string) => options.onProgress?.(++done, total, label)

  const staticDir = payload.collections.media.config.upload.staticDir
  if (!staticDir) throw new Error('the media collection has no staticDir: its files are not on this disk')
  const missingMedia: string[] = []
  const exported: ExportManifest['media'] = []
  for (const doc of media) {
    if (doc.filename) {
      try {
        fs.copyFileSync(path.resolve(staticDir, doc.filename), path.join(dir, MEDIA_DIR, doc.filename))
        exported.push({ file: doc.filename, alt: doc.alt })
      } catch {
        missingMedia.push(doc.filename)
      }
    }
    step(doc.filename ?? String(doc.id))
  }
  const files = mediaUrlIndex(media.filter((doc) => doc.filename && !missingMedia.includes(doc.filename)), payload.config.serverURL ?? '')
  const local = (url: string) => {
    const file = files.get(url)
    return file ? mediaLink(file) : undefined
  }
  const localOrSame = (url: string | null | undefined) => (url ? (local(url) ?? url) : undefined)

  for (const article of articles as Article[]) {
    const data = {
      title: article.title,
      slug: article.slug,
      date: iso(article.createdAt),
      publishedAt: iso(article.publishedAt),
      publishAt: iso(article.publishAt),
      draft: article.status !== 'published',
      categories: nameOf(article.category) ? [nameOf(article.category)] : undefined,
      description: orNothing(article.excerpt),
      cover: localOrSame(article.coverImage),
      featured: Boolean(article.featured),
      views: article.viewCount ?? 0,
      likes: article.likeCount ?? 0,
      author: emailOf(article.author),
    }
    const content = rewriteImageLinks(article.content ?? '', local)
    fs.writeFileSync(path.join(dir, ARTICLES_DIR, `${article.slug ?? article.id}.md`), writeFrontMatter(data, content))
    step(article.slug ?? String(article.id))
  }

  const projectNames = new Set<string>()
  for (const project of projects as Project[]) {
    const base = slugFromTitle(project.title, 'project')
    let name = base
    for (let n = 2; projectNames.has(name); n++) name = `${base}-${n}`
    projectNames.add(name)
    const data = {
      title: project.title,
      description: project.description,
      date: iso(project.createdAt),
      publishedAt: iso(project.publishedAt),
      publishAt: iso(project.publishAt),
      draft: project.status !== 'published',
      categories: nameOf(project.category) ? [nameOf(project.category)] : undefined,
      techStack: project.techStack ?? [],
      demoUrl: orNothing(project.demoUrl),
      repoUrl: orNothing(project.repoUrl),
      cover: localOrSame(project.coverImage),
      screenshots: (project.screenshots ?? []).map((url) => localOrSame(url)),
      featured: Boolean(project.featured),
      order: project.order ?? undefined,
      views: project.viewCount ?? 0,
      likes: project.likeCount ?? 0,
    }
    fs.writeFileSync(path.join(dir, PROJECTS_DIR, `${name}.md`), writeFrontMatter(data, rewriteImageLinks(project.content ?? '', local)))
    step(project.title)
  }

  const manifest: ExportManifest = {
    format: MANIFEST_FORMAT,
    version: 1,
    exportedAt: new Date().toISOString(),
    categories: categories.map((category) => ({ name: category.name, type: category.type, ...(category.description ? { description: category.description } : {}) })),
    media: exported,
  }
  fs.writeFileSync(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`)
  return { articles: articles.length, projects: projects.length, media: exported.length, categories: categories.length, missingMedia }
}
