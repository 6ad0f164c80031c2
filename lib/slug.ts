import { slugify } from 'transliteration'

const FALLBACK_SLUG = 'article'
export const MAX_SLUG_LENGTH = 80

/** Cuts a slug to `max` characters, at a hyphen when there is one, so no word is chopped in half. */
const shorten = (slug: string, max: number): string => {
  if (slug.length <= max) return slug
  const cut = slug.slice(0, max + 1)
  const lastHyphen = cut.lastIndexOf('-')
  return (lastHyphen > 0 ? cut.slice(0, lastHyphen) : slug.slice(0, max)).replace(/-+$/, '')
}

/**
 * Lowercase Latin words joined by single hyphens, transliterated from any script (Chinese becomes pinyin words,
 * Cyrillic and Greek are romanised, accents are dropped), at most 80 characters. Falls back to "article" when
 * nothing is left (emoji-only or symbol-only titles).
 */
export const slugFromTitle = (title: string, fallback = FALLBACK_SLUG): string => {
  const slug = slugify(title, { lowercase: true, separator: '-', trim: true })
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '')
  return shorten(slug, MAX_SLUG_LENGTH) || fallback
}
