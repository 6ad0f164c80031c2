import { type FrontMatterDialect, postTerms } from './frontMatterTerms'
import type { ArticleFields } from './sourceItem'

type Data = Record<string, unknown>

const text = (value: unknown): string | undefined => {
  if (typeof value === 'string') return value.trim() || undefined
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return undefined
}

/** A list of names from a string, a comma-separated string or a (nested, as Hexo's category paths) list. */
export const nameList = (value: unknown): string[] => {
  if (Array.isArray(value)) return value.flatMap((entry) => nameList(entry))
  const single = text(value)
  return single ? single.split(/\s*,\s*/).filter(Boolean) : []
}

const NO_ZONE = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?))?$/

/**
 * A front-matter date: a Date (TOML), or a string such as `2024-03-01`, `2024-03-01 10:20:30 +0800` (Jekyll) or
 * ISO 8601. A date without a time zone is read as UTC, so an import gives the same result on every machine.
 */
export const parseDate = (value: unknown): Date | undefined | 'invalid' => {
  if (value === undefined || value === null || value === '') return undefined
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'invalid' : new Date(value.getTime())
  if (typeof value !== 'string') return 'invalid'
  const trimmed = value.trim()
  const noZone = NO_ZONE.exec(trimmed)
  const iso = noZone
    ? `${noZone[1]}T${(noZone[2] ?? '00:00').padStart(5, '0')}Z`
    : trimmed.replace(/^(\d{4}-\d{2}-\d{2}) (\d)/, '$1T$2').replace(/ ([+-]\d{2}):?(\d{2})$/, '$1:$2')
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? 'invalid' : date
}

/** The first image a front matter names as the cover: `cover`, `cover.image`, `image`, `image.path`, `featured_image`, `thumbnail`. */
const coverOf = (data: Data): string | undefined => {
  for (const key of ['cover', 'image', 'featured_image', 'featureImage', 'thumbnail', 'banner']) {
    const value = data[key]
    const url = text(value) ?? (value && typeof value === 'object' ? (text((value as Data).image) ?? text((value as Data).path)) : undefined)
    if (url) return url
  }
  return undefined
}

const isTrue = (value: unknown) => value === true || value === 'true'
const isFalse = (value: unknown) => value === false || value === 'false'

const counter = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined

export type MappingDefaults = { title?: string; slug?: string; date?: Date; draft?: boolean }

/**
 * Maps Hugo, Jekyll and Hexo front matter (and our export's) to an article, categories and tags read as `dialect`
 * reads them. An article has one category: the first the post names, else its first tag; the other categories are
 * named in `otherCategories`. Returns the reason when the front matter cannot make one (no title, a date that is not
 * a date).
 */
export const articleFromFrontMatter = (
  data: Data,
  defaults: MappingDefaults = {},
  dialect: FrontMatterDialect = 'export',
): ArticleFields | { problem: string } => {
  const title = text(data.title) ?? defaults.title
  if (!title) return { problem: 'no title in the front matter' }
  const date = parseDate(data.date)
  if (date === 'invalid') return { problem: `date "${String(data.date)}" is not a date` }
  const publishedAt = parseDate(data.publishedAt)
  if (publishedAt === 'invalid') return { problem: `publishedAt "${String(data.publishedAt)}" is not a date` }
  const publishAt = parseDate(data.publishAt)
  if (publishAt === 'invalid') return { problem: `publishAt "${String(data.publishAt)}" is not a date` }
  const { categories, tags } = postTerms(data, dialect)
  return {
    title,
    slug: text(data.slug) ?? defaults.slug ?? '',
    date: date ?? defaults.date,
    publishedAt,
    publishAt,
    draft: isTrue(data.draft) || isFalse(data.published) || (defaults.draft ?? false),
    category: categories[0] ?? tags[0],
    otherCategories: categories.slice(1),
    tags,
    excerpt: text(data.description) ?? text(data.summary) ?? text(data.excerpt),
    cover: coverOf(data),
    featured: isTrue(data.featured),
    views: counter(data.views),
    likes: counter(data.likes),
    author: text(data.author),
  }
}
