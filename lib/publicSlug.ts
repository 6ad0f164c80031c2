import { isRecordId, isStorableText } from './db/recordIds'

/** The slug the public sees: the stored slug plus the id, so it is unique and stable even if titles repeat. */
export const publicSlug = (storedSlug: string, id: number): string => `${storedSlug}-${id}`

export type ArticleKey =
  | { kind: 'none' }
  | { kind: 'id'; id: number }
  | { kind: 'slug'; slug: string; publicForm?: { storedSlug: string; id: number } }

/**
 * How `GET /api/articles/:id` reads its parameter: all digits is an id; `{prefix}-{digits}` may be a public slug
 * (checked against the database by the caller); anything else is a stored slug. `none`: it cannot name an article
 * (an id no record can have, a character no text column holds), so nothing is asked of the database.
 */
export const readArticleKey = (param: string): ArticleKey => {
  if (!isStorableText(param)) return { kind: 'none' }
  if (/^\d+$/.test(param)) return isRecordId(Number(param)) ? { kind: 'id', id: Number(param) } : { kind: 'none' }
  const match = /^(.+)-(\d+)$/.exec(param)
  const id = match ? Number(match[2]) : NaN
  return { kind: 'slug', slug: param, publicForm: match && isRecordId(id) ? { storedSlug: match[1]!, id } : undefined }
}
