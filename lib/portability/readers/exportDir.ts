import fs from 'node:fs'
import path from 'node:path'

import { ARTICLES_DIR, type ExportManifest, MANIFEST_FILE, MANIFEST_FORMAT, MEDIA_DIR, PROJECTS_DIR } from '../exportLayout'
import { readFrontMatter } from '../frontMatter'
import { nameList, parseDate } from '../frontMatterMapping'
import { relativeTo, SiteFileError, SiteFolder } from '../siteFiles'
import type { ProjectFields, SourceItem, SourceProblem, SourceSite } from '../sourceItem'
import { imageCandidatesFor, readMarkdownPost, sortOut } from './markdownFiles'

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined)
const count = (value: unknown): number | undefined => (typeof value === 'number' && Number.isInteger(value) ? value : undefined)
const date = (value: unknown): Date | undefined => {
  const parsed = parseDate(value)
  return parsed instanceof Date ? parsed : undefined
}

const readProject = (site: SiteFolder, file: string): SourceItem | SourceProblem => {
  const root = site.root
  const label = relativeTo(root, file)
  try {
    const raw = site.readText(file)
    const { data, content } = readFrontMatter(raw)
    const title = text(data.title)
    if (!title) return { label, reason: 'no title in the front matter' }
    for (const key of ['date', 'publishedAt', 'publishAt']) {
      if (parseDate(data[key]) === 'invalid') return { label, reason: `${key} "${String(data[key])}" is not a date` }
    }
    const fields: ProjectFields = {
      title,
      description: text(data.description) ?? '',
      date: date(data.date),
      publishedAt: date(data.publishedAt),
      publishAt: date(data.publishAt),
      draft: data.draft === true,
      category: nameList(data.categories)[0],
      techStack: nameList(data.techStack),
      demoUrl: text(data.demoUrl),
      repoUrl: text(data.repoUrl),
      cover: text(data.cover),
      screenshots: Array.isArray(data.screenshots) ? data.screenshots.filter((url): url is string => typeof url === 'string') : [],
      featured: data.featured === true,
      order: count(data.order),
      views: count(data.views),
      likes: count(data.likes),
    }
    return { kind: 'project', key: `export:${label}`, label, content, fields, imageCandidates: imageCandidatesFor([root], path.dirname(file)), raw }
  } catch (error) {
    return { label, reason: (error as Error).message }
  }
}

/** Whether `dir` holds what `npm run export` writes. */
export const isExportDir = (dir: string): boolean => fs.existsSync(path.join(dir, MANIFEST_FILE))

/** What `npm run export` wrote: articles/ and projects/ as Markdown with YAML front matter, media/ with its index. */
export const readExportDir = (folder: string): SourceSite => {
  const site = new SiteFolder(folder)
  const root = site.root
  let manifestText: string
  try {
    manifestText = site.readText(path.join(root, MANIFEST_FILE))
  } catch (error) {
    throw new SiteFileError(`${MANIFEST_FILE}: ${(error as Error).message}`)
  }
  const manifest = JSON.parse(manifestText) as ExportManifest
  if (manifest.format !== MANIFEST_FORMAT) throw new Error(`${MANIFEST_FILE} is not a ${MANIFEST_FORMAT} manifest`)
  const articles = site.markdownFiles(path.join(root, ARTICLES_DIR)).map((file) => {
    const item = readMarkdownPost({ site, file, format: 'export', defaults: {}, imageCandidates: imageCandidatesFor([root], path.dirname(file)) })
    if (!('key' in item)) return item
    // Our own export keeps the body byte for byte: the front matter ends with the line `---`.
    return { ...item, content: readFrontMatter(item.raw).content }
  })
  const projects = site.markdownFiles(path.join(root, PROJECTS_DIR)).map((file) => readProject(site, file))
  const alts = new Map(manifest.media.map(({ file, alt }) => [path.join(root, MEDIA_DIR, file), alt]))
  return {
    format: 'export',
    root,
    ...sortOut([...articles, ...projects], site),
    media: manifest.media.map(({ file, alt }) => ({ key: `export:${MEDIA_DIR}/${file}`, label: `${MEDIA_DIR}/${file}`, file: path.join(root, MEDIA_DIR, file), alt })),
    categories: manifest.categories,
    altOf: (file) => alts.get(file),
  }
}
