import path from 'node:path'

import { ghostMarkdown } from '../ghostContent'
import { isExternalUrl, linkPath } from '../imageLinks'
import { SiteFileError, SiteFolder } from '../siteFiles'
import type { ArticleFields, SourceItem, SourceProblem, SourceSite } from '../sourceItem'

type GhostRow = Record<string, unknown>
type GhostData = { posts?: GhostRow[]; tags?: GhostRow[]; posts_tags?: GhostRow[]; users?: GhostRow[]; posts_authors?: GhostRow[] }

const GHOST_URL = '__GHOST_URL__'

const str = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined)

const date = (value: unknown): Date | undefined => {
  const text = str(value)
  const parsed = text ? new Date(text) : undefined
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed : undefined
}

/** The `data` of a Ghost export (`{db: [{meta, data}]}`, or `{data}` as some tools write it). */
const ghostData = (json: unknown): GhostData | undefined => {
  const top = json as { db?: { data?: GhostData }[]; data?: GhostData } | null
  const data = top?.db?.[0]?.data ?? top?.data
  return data && Array.isArray(data.posts) ? data : undefined
}

/**
 * Where a Ghost image link points on disk: `__GHOST_URL__/content/images/...` (and `/content/images/...`) are
 * looked for under the folder of the export file, where a copy of Ghost's `content/` folder belongs.
 */
const ghostImageCandidates =
  (root: string) =>
  (url: string): string[] | null => {
    const local = url.startsWith(GHOST_URL) ? url.slice(GHOST_URL.length) : url
    if (isExternalUrl(local)) return null
    const file = linkPath(local)
    return [path.join(root, file.startsWith('/') ? file : `/${file}`)]
  }

/** Ghost's tags of a post, in the post's order; internal tags (`#name`) left out. */
const tagsByPost = (data: GhostData): Map<unknown, string[]> => {
  const names = new Map((data.tags ?? []).map((tag) => [tag.id, str(tag.name)]))
  const links = [...(data.posts_tags ?? [])].sort((a, b) => Number(a.sort_order ?? 0) - Number(b.sort_order ?? 0))
  const byPost = new Map<unknown, string[]>()
  for (const link of links) {
    const name = names.get(link.tag_id)
    if (!name || name.startsWith('#')) continue
    byPost.set(link.post_id, [...(byPost.get(link.post_id) ?? []), name])
  }
  return byPost
}

/**
 * A Ghost JSON export: every post (pages are reported and left out), keyed by its Ghost id. Tags as in
 * readers of the other formats (the first one names the category); `draft` and `scheduled` posts stay drafts,
 * a scheduled one with its publishAt; `feature_image` is the cover, `custom_excerpt` the excerpt.
 */
export const readGhostExport = (file: string): SourceSite => {
  const site = new SiteFolder(path.dirname(file))
  const root = site.root
  const label = path.basename(file)
  const empty: SourceSite = { format: 'ghost', root, items: [], problems: [], media: [], categories: [], altOf: () => undefined }
  let data: GhostData | undefined
  try {
    data = ghostData(JSON.parse(site.readText(path.join(root, label))))
  } catch (error) {
    const reason = error instanceof SiteFileError ? error.message : `not a readable JSON file: ${(error as Error).message}`
    return { ...empty, problems: [{ label, reason }] }
  }
  if (!data) return { ...empty, problems: [{ label, reason: 'not a Ghost export: no db[0].data.posts' }] }
  const tags = tagsByPost(data)
  const items: SourceItem[] = []
  const problems: SourceProblem[] = []
  for (const post of data.posts ?? []) {
    const id = str(post.id) ?? (typeof post.id === 'number' ? String(post.id) : undefined)
    const postLabel = `${label}#${str(post.slug) ?? '?'}[${id ?? '?'}]`
    if (!id) {
      problems.push({ label: postLabel, reason: 'a post without an id' })
      continue
    }
    if ((post.type ?? 'post') !== 'post') {
      problems.push({ label: postLabel, reason: `a Ghost ${String(post.type)}, not a post: not imported` })
      continue
    }
    const title = str(post.title)
    if (!title) {
      problems.push({ label: postLabel, reason: 'no title' })
      continue
    }
    const content = ghostMarkdown(post)
    if (content === undefined) {
      problems.push({ label: postLabel, reason: 'no content in mobiledoc, lexical, html or plaintext' })
      continue
    }
    const status = str(post.status) ?? 'draft'
    const publishedAt = date(post.published_at)
    const postTags = tags.get(post.id) ?? []
    const fields: ArticleFields = {
      title,
      slug: str(post.slug) ?? '',
      date: publishedAt ?? date(post.created_at),
      publishedAt: status === 'published' ? publishedAt : undefined,
      publishAt: status === 'scheduled' ? publishedAt : undefined,
      draft: status !== 'published',
      category: postTags[0],
      tags: postTags,
      excerpt: str(post.custom_excerpt),
      cover: str(post.feature_image),
      featured: post.featured === true || post.featured === 1,
    }
    items.push({ kind: 'article', key: `ghost:${id}`, label: postLabel, content, fields, imageCandidates: ghostImageCandidates(root), raw: JSON.stringify(post) })
  }
  return { ...empty, items, problems }
}
