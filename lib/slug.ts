import { slugify } from 'transliteration'

const FALLBACK_SLUG = 'article'

/**
 * Lowercase Latin words joined by single hyphens, transliterated from any script (Chinese becomes pinyin words).
 * Falls back to "article" when nothing is left (emoji-only or symbol-only titles).
 */
export const slugFromTitle = (title: string, fallback = FALLBACK_SLUG): string => {
  const slug = slugify(title, { lowercase: true, separator: '-', trim: true })
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '')
  return slug || fallback
}
