import type { CollectionBeforeOperationHook, PayloadRequest, Sort, Where } from 'payload'

import { inServerAction } from '../lib/nextServerAction'
import { QUERY_BOUNDS } from '../lib/queryBounds'
import { QueryBoundsError } from '../lib/queryBoundsError'
import { closedAccountPath, longTextPath, malformedWherePart, scanningCondition, textOperatorOnDate, unindexedSortPath, whereSize } from '../lib/queryablePaths'
import { isPlainObject } from '../lib/plainObject'
import { isStaff } from '../lib/roles'
import { limitScans } from '../lib/scanRateLimit'

/** The arguments of Payload's collection operations that this hook reads (not every operation has each). */
type QueryArgs = {
  currentDepth?: number
  depth?: number
  field?: string
  joins?: unknown
  limit?: number
  overrideAccess?: boolean
  pagination?: boolean
  sort?: Sort
  where?: Where
}

const queryArgsOf = (args: object): QueryArgs => ({
  currentDepth: numberOrUndefined(Reflect.get(args, 'currentDepth')),
  field: stringOrUndefined(Reflect.get(args, 'field')),
  joins: Reflect.get(args, 'joins'),
  overrideAccess: Reflect.get(args, 'overrideAccess') === true,
  pagination: Reflect.get(args, 'pagination') !== false,
  sort: Reflect.get(args, 'sort') as Sort | undefined,
  where: Reflect.get(args, 'where') as Where | undefined,
})

function numberOrUndefined(value: unknown): number | undefined {
  return typeof value === 'number' ? value : undefined
}

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined
}

/** Requests whose client-written operation has been seen: each later operation on them is the server's own. */
const seenRequests = new WeakSet<PayloadRequest>()

/**
 * A query a client wrote: the first operation Payload runs for a REST or GraphQL request (each GraphQL resolver gets
 * a request object of its own). Everything after it on the same request is the server's own work, bounded by the
 * client's query or by the code that asked: hooks and plugins that call the Local API with the request (storage-s3
 * looks a file up before serving it), relationships Payload populates (they also carry `currentDepth`, which no
 * client can set). Every operation an admin UI server function runs as its caller is the client's. The Local API
 * itself (our `/api` routes, jobs) is never bounded, nor a read that overrides access.
 */
const writtenByClient = (req: PayloadRequest, query: QueryArgs): boolean => {
  if (query.currentDepth !== undefined || query.overrideAccess) return false
  // Every operation of a server action may carry its caller's arguments: `table-state` reads the page size it is
  // sent, and `limit: -1` from one editor's call read 10,000 articles and ended the process.
  if (inServerAction()) return true
  if (req.payloadAPI === 'local' || seenRequests.has(req)) return false
  seenRequests.add(req)
  return true
}

/**
 * A whole number the client wrote for `name`, at least `min`. Anything else is a 400: Payload passes `limit=abc` on
 * to the database as it is, and SQLite reads `LIMIT -1` (or a text) as no limit at all.
 */
const wholeNumberArg = (args: object, name: 'depth' | 'limit' | 'page', min: number): number | undefined => {
  const value: unknown = Reflect.get(args, name)
  if (value === undefined || value === null) return undefined
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= min) return value
  throw new QueryBoundsError(`${name} must be a whole number of at least ${min}.`)
}

/** Whether a query asks for every document: `limit=0`, or `pagination=false` without a limit. */
const asksForAll = ({ limit, pagination }: QueryArgs): boolean => limit === 0 || (limit === undefined && !pagination)

/** The page size to use: the asked one within bounds; staff's too large ones are cut, anyone else's are refused. */
const boundedLimit = (asked: number | undefined, staff: boolean, what: string): number | undefined => {
  const max = staff ? QUERY_BOUNDS.staffLimit : QUERY_BOUNDS.publicLimit
  if (asked !== undefined && asked <= max) return asked
  if (staff) return max
  throw new QueryBoundsError(`${what} may hold at most ${max} documents: ask for a limit from 1 to ${max}, and page through the rest.`)
}

/** Join fields' own pages (`joins[field][limit]`), bounded like the page they are in. */
const boundedJoins = (joins: unknown, staff: boolean): unknown => {
  if (typeof joins !== 'object' || joins === null) return joins
  return Object.fromEntries(
    Object.entries(joins).map(([name, join]: [string, unknown]) => {
      if (typeof join !== 'object' || join === null) return [name, join]
      const limit = wholeNumberArg(join, 'limit', 0)
      if (limit === undefined) return [name, join]
      return [name, { ...join, limit: boundedLimit(limit === 0 ? undefined : limit, staff, `The join "${name}"`) }]
    }),
  )
}

/** A document as a client sends it holds its fields, a few dozen (QUERY_BOUNDS.documentFields says why at most so many). */
const refuseOversizedData = (data: unknown): void => {
  if (isPlainObject(data) && Object.keys(data).length > QUERY_BOUNDS.documentFields) {
    throw new QueryBoundsError(`A document may be sent with at most ${QUERY_BOUNDS.documentFields} fields.`)
  }
}

/** Where a request notes that one of its queries read every document (`req.context` is the request's, GraphQL resolvers' too). */
const SCANNED_KEY = 'blogPortfolioScanned'

/**
 * Anyone but staff may make one query per request that the database answers by reading every document of a
 * collection: a filter on a field without an index, or matching text, and SCAN_RATE_LIMIT such requests a minute
 * (lib/scanRateLimit.ts). Each such query on the benchmark's 10,000 articles took 30-60 ms (SQLite); 19 GraphQL
 * aliases of one `title contains` held the event loop 530-710 ms.
 */
const refuseSecondScan = async (req: PayloadRequest, scanning: string | undefined): Promise<void> => {
  if (!scanning) return
  if (req.context[SCANNED_KEY] === true) {
    throw new QueryBoundsError(`Only one query of a request may filter by a field without an index or by text (${scanning}): send the others on their own.`)
  }
  req.context[SCANNED_KEY] = true
  await limitScans(req)
}

/**
 * Bounds what a query from outside the process may ask for (API.md, "What no request may do"), on every collection,
 * Payload's own included (lib/boundEveryCollection.ts adds it): a page of at most 100 documents for anonymous callers and
 * members (more, `limit=0` or `pagination=false` without a limit is a 400), 1,000 for staff (cut), relationships populated 3 deep at
 * most, no filter or sort on account fields the caller may not read, through relationships too, and at most 20
 * conditions (staff 50) listing at most 1,000 values together, text values of at most 1,000 characters (staff 10,000),
 * no date compared as text. Anyone but staff filters and sorts by no long text, sorts only by indexed fields (or the
 * collection's own default sort), and reads every document of a collection in one query of a request at most, a
 * few such requests a minute.
 */
export const boundExternalQueries: CollectionBeforeOperationHook = async ({ args, collection, req }) => {
  const read = queryArgsOf(args)
  if (!writtenByClient(req, read)) return args
  refuseOversizedData(Reflect.get(args, 'data'))
  wholeNumberArg(args, 'page', 1)
  const query = { ...read, depth: wholeNumberArg(args, 'depth', 0), limit: wholeNumberArg(args, 'limit', 0) }
  const malformed = query.where == null ? undefined : malformedWherePart(query.where)
  if (malformed) throw new QueryBoundsError(`A query's ${malformed}.`)
  const closed = closedAccountPath(req.payload, req.user, collection, query)
  if (closed) throw new QueryBoundsError(`The following path cannot be queried: ${closed}`)
  const staff = isStaff(req.user)
  const maxConditions = staff ? QUERY_BOUNDS.staffConditions : QUERY_BOUNDS.publicConditions
  const size = whereSize(query.where)
  if (size.conditions > maxConditions) throw new QueryBoundsError(`A query may hold at most ${maxConditions} conditions.`)
  if (size.listedValues > QUERY_BOUNDS.listedValues) throw new QueryBoundsError(`A query may list at most ${QUERY_BOUNDS.listedValues} values.`)
  const maxText = staff ? QUERY_BOUNDS.staffTextLength : QUERY_BOUNDS.publicTextLength
  if (size.longestText > maxText) throw new QueryBoundsError(`A value in a query may hold at most ${maxText} characters.`)
  const dateAsText = textOperatorOnDate(req.payload, collection, query.where)
  if (dateAsText) throw new QueryBoundsError(`A date cannot be compared as text: ${dateAsText}`)
  const longText = staff ? undefined : longTextPath(req.payload, collection, query)
  if (longText) throw new QueryBoundsError(`Only staff may filter or sort by long text: ${longText}`)
  const unindexed = staff ? undefined : unindexedSortPath(collection, query.sort)
  if (unindexed) throw new QueryBoundsError(`Only staff may sort by a field without an index: ${unindexed}`)
  if (!staff) await refuseSecondScan(req, scanningCondition(req.payload, collection, query.where))
  const bounded: Record<string, unknown> = {}
  const all = asksForAll(query)
  // Without a limit Payload reads its default page (10); `pagination=false` with a limit reads at most that many.
  if (query.limit !== undefined || all) {
    bounded.limit = boundedLimit(all ? undefined : query.limit, staff, 'A page')
    if (all) bounded.pagination = true
  }
  if (query.depth !== undefined && query.depth > QUERY_BOUNDS.depth) bounded.depth = QUERY_BOUNDS.depth
  if (query.joins !== undefined) bounded.joins = boundedJoins(query.joins, staff)
  return Object.keys(bounded).length === 0 ? args : { ...args, ...bounded }
}
