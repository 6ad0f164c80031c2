import type { Payload } from 'payload'

import { countSearchEntries, ensureSearchIndex, writeSearchEntry } from './db/searchIndex'
import { ARTICLE_SEARCH_FIELDS, articleSearchEntry, PROJECT_SEARCH_FIELDS, projectSearchEntry } from './search/searchEntry'

const PAGE = 500

/** Calls `each` on every record of every page `read` gives; returns how many there were. */
const everyPage = async <Doc>(
  read: (page: number) => Promise<{ docs: Doc[]; hasNextPage: boolean }>,
  each: (doc: Doc) => Promise<void>,
): Promise<number> => {
  let count = 0
  for (let page = 1; ; page++) {
    const { docs, hasNextPage } = await read(page)
    for (const doc of docs) await each(doc)
    count += docs.length
    if (!hasNextPage) return count
  }
}

/**
 * Makes sure the search index exists, and fills an empty one from the published records (a database that had
 * articles before search existed, or a restored copy). Returns how many records it indexed.
 */
export const prepareSearchIndex = async (payload: Payload): Promise<number> => {
  if (!(await ensureSearchIndex(payload)) || (await countSearchEntries(payload)) > 0) return 0
  const published = { status: { equals: 'published' } }
  const read = { depth: 0, limit: PAGE, overrideAccess: true, where: published } as const
  const indexed =
    (await everyPage(
      (page) => payload.find({ collection: 'articles', ...read, page, select: ARTICLE_SEARCH_FIELDS }),
      (doc) => writeSearchEntry(payload, undefined, { kind: 'article', id: doc.id }, articleSearchEntry(doc)),
    )) +
    (await everyPage(
      (page) => payload.find({ collection: 'projects', ...read, page, select: PROJECT_SEARCH_FIELDS }),
      (doc) => writeSearchEntry(payload, undefined, { kind: 'project', id: doc.id }, projectSearchEntry(doc)),
    ))
  if (indexed > 0) payload.logger.info(`Search index built from ${indexed} published records`)
  return indexed
}
