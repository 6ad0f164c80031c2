import type { Payload } from 'payload'

import { countSearchEntries, ensureSearchIndex, writeSearchEntry } from './db/searchIndex'
import { ARTICLE_SEARCH_FIELDS, articleSearchEntry, PROJECT_SEARCH_FIELDS, projectSearchEntry } from './search/searchEntry'

const PAGE = 500

/** The fill running in the background of each started service, so that a stop can cut it between two records. */
const backgroundFills = new WeakMap<Payload, { stop: AbortController; done: Promise<void> }>()

/** Calls `each` on every record of every page `read` gives, until `stop` aborts; returns how many there were. */
const everyPage = async <Doc>(
  read: (page: number) => Promise<{ docs: Doc[]; hasNextPage: boolean }>,
  each: (doc: Doc) => Promise<void>,
  stop?: AbortSignal,
): Promise<number> => {
  let count = 0
  for (let page = 1; !stop?.aborted; page++) {
    const { docs, hasNextPage } = await read(page)
    for (const doc of docs) if (!stop?.aborted) await each(doc)
    count += docs.length
    if (!hasNextPage) break
  }
  return count
}

/**
 * Makes sure the search index exists, and fills it from the published records when it holds fewer entries than
 * there are published records (a database that had articles before search existed, a restored copy, a new shape of
 * the index, or a fill a stop interrupted). Writing an entry replaces it, so filling again is safe. Returns how many
 * records it indexed.
 */
export const prepareSearchIndex = async (payload: Payload, stop?: AbortSignal): Promise<number> => {
  if (!(await ensureSearchIndex(payload))) return 0
  const published = { status: { equals: 'published' } }
  const [articles, projects, entries] = await Promise.all([
    payload.count({ collection: 'articles', where: published, overrideAccess: true }),
    payload.count({ collection: 'projects', where: published, overrideAccess: true }),
    countSearchEntries(payload),
  ])
  if (entries >= articles.totalDocs + projects.totalDocs) return 0
  const started = performance.now()
  const read = { depth: 0, limit: PAGE, overrideAccess: true, where: published } as const
  const indexed =
    (await everyPage(
      (page) => payload.find({ collection: 'articles', ...read, page, select: ARTICLE_SEARCH_FIELDS }),
      (doc) => writeSearchEntry(payload, undefined, { kind: 'article', id: doc.id }, articleSearchEntry(doc)),
      stop,
    )) +
    (await everyPage(
      (page) => payload.find({ collection: 'projects', ...read, page, select: PROJECT_SEARCH_FIELDS }),
      (doc) => writeSearchEntry(payload, undefined, { kind: 'project', id: doc.id }, projectSearchEntry(doc)),
      stop,
    ))
  if (stop?.aborted) return indexed
  payload.logger.info(`Search index built from ${indexed} published records in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  return indexed
}

/**
 * At a start: the index is created before the service answers, and filled in the background, so a large site (about
 * 7 ms a record) does not hold the start up; until it is filled, search finds what is indexed so far.
 */
export const prepareSearchIndexAtStart = async (payload: Payload): Promise<void> => {
  await ensureSearchIndex(payload)
  const stop = new AbortController()
  const done = prepareSearchIndex(payload, stop.signal).then(
    () => {},
    (error: unknown) => payload.logger.error({ err: error }, 'Building the search index failed; it is tried again at the next start'),
  )
  backgroundFills.set(payload, { stop, done })
}

/** Cuts a start's fill after the record it is writing (the next start goes on with it), before the database closes. */
export const stopSearchBackfill = async (payload: Payload): Promise<void> => {
  const fill = backgroundFills.get(payload)
  fill?.stop.abort()
  await fill?.done
}
