/** The slug the public sees: the stored slug plus the id, so it is unique and stable even if titles repeat. */
export const publicSlug = (storedSlug: string, id: number): string => `${storedSlug}-${id}`

export type ArticleKey =
  | { kind: 'id'; id: number }
  | { kind: 'slug'; slug: string; publicForm?: { storedSlug: string; id: number } }

/**
 * How `GET /api/articles/:id` reads its parameter: all digits is an id; `{prefix}-{digits}` may be a public slug
 * (checked against the database by the caller); anything else is a stored slug.
 */
export const readArticleKey = (param: string): ArticleKey => {
  if (/^\d+$/.test(param)) return { kind: 'id', id: Number(param) }
  const match = /^(.+)-(\d+)$/.exec(param)
  const id = match ? Number(match[2]) : NaN
  return { kind: 'slug', slug: param, publicForm: match && Number.isSafeInteger(id) ? { storedSlug: match[1]!, id } : undefined }
}
