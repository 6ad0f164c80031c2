import type { CollectionAfterChangeHook, PayloadRequest } from 'payload'

type SluggedDoc = { id: number; slug?: string | null }

const slugOf = (doc: { slug?: unknown } | undefined): string | undefined =>
  typeof doc?.slug === 'string' && doc.slug !== '' ? doc.slug : undefined

/** The slug stored now: from the saved record, or read when the save selected fields without it. */
const storedSlug = async (req: PayloadRequest, doc: SluggedDoc): Promise<string | undefined> => {
  if ('slug' in doc) return slugOf(doc)
  const read = { collection: 'articles', depth: 0, disableErrors: true, overrideAccess: true, req, select: { slug: true } } as const
  return slugOf((await req.payload.findByID({ ...read, id: doc.id })) ?? undefined)
}

/**
 * When an article's stored slug changes from X to Y, X is recorded as an earlier slug of the article (a row
 * (X, article) of `article-redirects`, made anew so it is the newest row for X: this article is X's latest owner)
 * and a row (Y, article) is removed (the article took an old slug back). Other articles' rows for X or Y stay: their
 * `{slug}-{id}` addresses still name them, and a current slug wins over any earlier one at lookup.
 *
 * After the change, in its transaction (`req`), on every door: the admin UI, `/cms-api`, `/api/admin`, the Local
 * API, and a version restore (which runs these hooks with `context.isRestoringVersion`; `previousDoc` is the
 * record before the restore). The article's own row is written first, so a concurrent save of the same article
 * waits for this transaction on SQL databases, and the unique (slug, article) index refuses a duplicate otherwise.
 */
export const recordEarlierSlug: CollectionAfterChangeHook<SluggedDoc> = async ({ doc, operation, previousDoc, req }) => {
  if (operation !== 'update') return doc
  const before = slugOf(previousDoc)
  const after = await storedSlug(req, doc)
  if (before === undefined || before === after) return doc
  await req.payload.db.deleteMany({
    collection: 'article-redirects',
    req,
    where: { and: [{ article: { equals: doc.id } }, { slug: { in: after === undefined ? [before] : [before, after] } }] },
  })
  // The Local API (not the adapter's create): on MongoDB the row takes its numeric id from the plugin's hook.
  await req.payload.create({ collection: 'article-redirects', data: { slug: before, article: doc.id }, depth: 0, overrideAccess: true, req })
  return doc
}
