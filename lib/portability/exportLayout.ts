import type { CategorySource } from './sourceItem'

/** The file at the root of an export that says what it is: `npm run import` recognises the layout by it. */
export const MANIFEST_FILE = 'blog-export.json'
export const MANIFEST_FORMAT = 'blog-portfolio-export'
export const ARTICLES_DIR = 'articles'
export const PROJECTS_DIR = 'projects'
export const MEDIA_DIR = 'media'

export type ExportManifest = {
  format: typeof MANIFEST_FORMAT
  version: 1
  exportedAt: string
  /** Every category, with its description (articles and projects name theirs in their front matter). */
  categories: CategorySource[]
  /** Every media file in `media/`, with its alt text. */
  media: { file: string; alt: string }[]
}

/** How an article's or project's Markdown links to a media file, relative to its own folder. */
export const mediaLink = (file: string): string => `../${MEDIA_DIR}/${encodeURI(file)}`
