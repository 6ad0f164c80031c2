import type { CollectionBeforeDeleteHook, CollectionSlug } from 'payload'

import { RecordInUseError } from '../lib/recordInUse'

/** The collections that file their records under a category, with the words an editor reads. */
const FILED_UNDER_A_CATEGORY: { collection: CollectionSlug; one: string; many: string }[] = [
  { collection: 'articles', one: 'article', many: 'articles' },
  { collection: 'projects', one: 'project', many: 'projects' },
]

/**
 * A category still holding articles or projects cannot be deleted, on every door: they would lose their category
 * (SQL refuses the NOT NULL with a 500, MongoDB would keep a dangling id). Drafts count too, whoever asks.
 */
export const refuseDeletingUsedCategory: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const uses: string[] = []
  let total = 0
  for (const { collection, one, many } of FILED_UNDER_A_CATEGORY) {
    const { totalDocs } = await req.payload.count({ collection, overrideAccess: true, req, where: { category: { equals: id } } })
    if (totalDocs > 0) uses.push(`${totalDocs} ${totalDocs === 1 ? one : many}`)
    total += totalDocs
  }
  if (total > 0) throw new RecordInUseError('category', uses, `move ${total === 1 ? 'it' : 'them'} to another category first`)
}
