import type { Payload } from 'payload'

import { countSearchEntries, ensureSearchIndex, writeSearchEntry } from './db/searchIndex'
import { articleSearchEntry, projectSearchEntry } from './search/searchEntry'

const PAGE = 500

/**
 * Makes sure the search index exists, and fills an empty one from the published records (a database that had
 * articles before search existed, or a restored copy). Returns how many records it indexed.
 */
export const prepareSearchIndex = async (payload: Payload): Promise<number> => {
  if (!(await ensureSearchIndex(payload)) || (await countSearchEntries(payload)) > 0) return 0
  let indexed = 0
  const published = { status: { equals: 'published' } }
  for (let page = 1; ; page++) {
    const { docs, hasNextPage } = await payload.find({
      collection: 'articles', depth: 0, limit: PAGE, page, overrideAccess: true, where: published,
      select: { title: true, excerpt: true, content: true, status: true },
    })
    for (const doc of docs) await writeSearchEntry(payload, undefined, { kind: 'article', id: doc.id }, articleSearchEntry(doc))
    indexed += docs.length
    if (!hasNextPage) break
  }
  for (let page = 1; ; page++) {
    const { docs, hasNextPage } = await payload.find({
      collection: 'projects', depth: 0, limit: PAGE, page, overrideAccess: true, where: published,
      select: { title: true, description: true, techStack: true, content: true, status: true },
    })
    for (const doc of docs) await writeSearchEntry(payload, undefined, { kind: 'project', id: doc.id }, projectSearchEntry(doc))
    indexed += docs.length
    if (!hasNextPage) break
  }
  if (indexed > 0) payload.logger.info(`Search index built from ${indexed} published records`)
  return indexed
}
