/** The source formats `npm run import` reads; `export` is the layout `npm run export` writes. */
export const SOURCE_FORMATS = ['hugo', 'jekyll', 'hexo', 'ghost', 'export'] as const
export type SourceFormat = (typeof SOURCE_FORMATS)[number]

/** The category of an article whose source names neither a category nor a tag. */
export const DEFAULT_CATEGORY = 'Imported'

/** What an imported article or project says, in our terms, before its images are uploaded. */
export type ArticleFields = {
  title: string
  /** The source's slug; empty lets the slug hook derive one from the title. */
  slug: string
  /** Written-at date: becomes createdAt (what lists sort and show) and, when published, publishedAt. */
  date?: Date
  publishedAt?: Date
  /** A draft that publishes itself at this moment (a scheduled Ghost post). */
  publishAt?: Date
  draft: boolean
  /** Our category's name: the source's first category, else its first tag, else the default category. */
  category?: string
  /** The source's categories other than `category`: an article has one, the import report names these. */
  otherCategories?: string[]
  tags: string[]
  excerpt?: string
  cover?: string
  featured: boolean
  views?: number
  likes?: number
  /** An author's email (our own export); unknown emails fall back to the import's author. */
  author?: string
}

export type ProjectFields = {
  title: string
  description: string
  date?: Date
  publishedAt?: Date
  publishAt?: Date
  draft: boolean
  category?: string
  techStack: string[]
  demoUrl?: string
  repoUrl?: string
  cover?: string
  screenshots: string[]
  featured: boolean
  order?: number
  views?: number
  likes?: number
}

type ItemBase = {
  /** Stable across runs: `<format>:<path relative to the source root>` or `<format>:<source id>`. */
  key: string
  /** How the report names the item (a relative path, or a Ghost post's slug). */
  label: string
  content: string
  /** Where a local image link of this item may point, in order of preference; null for an external URL. */
  imageCandidates: (url: string) => string[] | null
  /** Source text the fingerprint is taken from (a file's bytes, a Ghost post's JSON). */
  raw: string
}

export type SourceItem = (ItemBase & { kind: 'article'; fields: ArticleFields }) | (ItemBase & { kind: 'project'; fields: ProjectFields })

/** A file or record that could not be read: reported and skipped, the rest goes on. */
export type SourceProblem = { label: string; reason: string }

/** An image the source ships besides those its posts link to (our export's media folder). */
export type SourceMedia = { key: string; label: string; file: string; alt: string }

export type CategorySource = { name: string; type: 'article' | 'project'; description?: string }

export type SourceSite = {
  format: SourceFormat
  root: string
  items: SourceItem[]
  problems: SourceProblem[]
  media: SourceMedia[]
  /** Categories to create even when no item names them (our export keeps their descriptions). */
  categories: CategorySource[]
  /** Alt text for an image file, when the source records one (our export's index). */
  altOf: (file: string) => string | undefined
}
