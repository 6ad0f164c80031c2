import type { SourceFormat } from './sourceItem'

/** The front-matter dialects: each static site generator reads its categories and tags its own way. */
export type FrontMatterDialect = Exclude<SourceFormat, 'ghost'>

/** A post's categories and tags as its generator reads them, in the order written, each name once. */
export type PostTerms = { categories: string[]; tags: string[] }

const name = (value: unknown): string | undefined => {
  if (typeof value === 'string') return value.trim() || undefined
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return undefined
}

const unique = (names: (string | undefined)[]): string[] => [...new Set(names.filter((entry): entry is string => entry !== undefined))]

/** Every name of a value: a name, or a list of names and lists, depth first. */
const namesIn = (value: unknown): string[] => (Array.isArray(value) ? value.flatMap(namesIn) : unique([name(value)]))

/**
 * Jekyll (`Utils.pluralized_array_from_hash`): the singular key, when present, is one name as written; else the plural
 * key, a list or a string of names apart by spaces (`categories: meta blogging` is two). A comma after a name
 * (`tags: a, b`) is taken as a separator too, as its writer meant.
 */
const jekyllTerms = (data: Record<string, unknown>, singular: string, plural: string): string[] => {
  if (data[singular] !== undefined && data[singular] !== null) return namesIn(data[singular])
  const value = data[plural]
  if (typeof value === 'string') return unique(value.split(/[\s,]+/).map(name))
  return namesIn(value)
}

/**
 * Hexo and Hugo: a string is one name (`categories: Tips and tricks`); a list holds names, or in Hexo lists of names,
 * each a path of categories given top first (`[Diary, Life]`: Life within Diary). The first name is then the first
 * path's top category. Hexo's `category` and `tag` stand in for the plural keys when those are missing.
 */
const listOrOneName = (data: Record<string, unknown>, singular: string, plural: string): string[] => namesIn(data[plural] ?? data[singular])

/** Our own export, and a front matter of unknown origin: lists, or names apart by commas. */
const plainTerms = (data: Record<string, unknown>, singular: string, plural: string): string[] => {
  const value = data[plural] ?? data[singular]
  return typeof value === 'string' ? unique(value.split(/\s*,\s*/).map(name)) : namesIn(value)
}

const READERS: Record<FrontMatterDialect, (data: Record<string, unknown>, singular: string, plural: string) => string[]> = {
  jekyll: jekyllTerms,
  hexo: listOrOneName,
  hugo: listOrOneName,
  export: plainTerms,
}

/** The categories and tags a front matter gives, read as the generator that wrote it reads them. */
export const postTerms = (data: Record<string, unknown>, dialect: FrontMatterDialect): PostTerms => ({
  categories: READERS[dialect](data, 'category', 'categories'),
  tags: READERS[dialect](data, 'tag', 'tags'),
})
