import type { CollectionBeforeOperationHook, PayloadRequest, Sort, Where } from 'payload'

import { QUERY_BOUNDS } from '../lib/queryBounds'
import { QueryBoundsError } from '../lib/queryBoundsError'
import { closedAccountPath } from '../lib/queryablePaths'
import { isStaff } from '../lib/roles'

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
  depth: numberOrUndefined(Reflect.get(args, 'depth')),
  field: stringOrUndefined(Reflect.get(args, 'field')),
  joins: Reflect.get(args, 'joins'),
  limit: numberOrUndefined(Reflect.get(args, 'limit')),
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

/**
 * A query a client wrote: Payload's REST or GraphQL running it for a request, not the Local API (our own `/api`
 * routes, hooks and jobs, which may read every record on purpose). Payload's own reads for such a request pass too:
 * relationships it populates (they carry `currentDepth`, which no client can set, and are bounded by the page they
 * belong to) and reads that override access.
 */
const writtenByClient = (req: PayloadRequest, query: QueryArgs): boolean =>
  req.payloadAPI !== 'local' && query.currentDepth === undefined && !query.overrideAccess

/** A page size as a caller asked for it: `undefined` for all of them (`limit=0`, `pagination=false`). */
const askedLimit = ({ limit, pagination }: QueryArgs): number | undefined => (!pagination || limit === 0 ? undefined : limit)

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
      const limit: unknown = Reflect.get(join, 'limit')
      const asked = limit === undefined ? undefined : Number(limit) === 0 ? undefined : Number(limit)
      if (limit === undefined) return [name, join]
      return [name, { ...join, limit: boundedLimit(asked, staff, `The join "${name}"`) }]
    }),
  )
}

/**
 * Bounds what a query from outside the process may ask for (API.md, "What no request may do"), on every collection,
 * Payload's own included (lib/boundEveryCollection.ts adds it): a page of at most 100 documents for anonymous callers and
 * members (more, `limit=0` or `pagination=false` is a 400), 1,000 for staff (cut), relationships populated 3 deep at
 * most, and no filter or sort on account fields the caller may not read, through relationships too.
 */
export const boundExternalQueries: CollectionBeforeOperationHook = ({ args, collection, req }) => {
  const query = queryArgsOf(args)
  if (!writtenByClient(req, query)) return args
  const closed = closedAccountPath(req.payload, req.user, collection, query)
  if (closed) throw new QueryBoundsError(`The following path cannot be queried: ${closed}`)
  const staff = isStaff(req.user)
  const bounded: Record<string, unknown> = {}
  const asked = askedLimit(query)
  // Without a limit Payload reads its default page (10), within bounds: only a page the caller chose is checked.
  if (asked !== undefined || !query.pagination || query.limit === 0) {
    bounded.limit = boundedLimit(asked, staff, 'A page')
    bounded.pagination = true
  }
  if (query.depth !== undefined && query.depth > QUERY_BOUNDS.depth) bounded.depth = QUERY_BOUNDS.depth
  if (query.joins !== undefined) bounded.joins = boundedJoins(query.joins, staff)
  return Object.keys(bounded).length === 0 ? args : { ...args, ...bounded }
}
