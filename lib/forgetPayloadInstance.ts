import type { Payload } from 'payload'

/** What Payload and its GraphQL route keep process-wide (internals of Payload 3.90, `getPayload` and `GRAPHQL_POST`). */
type PayloadProcessCaches = {
  _payload?: Map<string, { payload: unknown }>
  _payload_graphql?: { graphql: unknown; promise: unknown }
}

/**
 * Drops a closed Payload instance from what the process keeps of it. `destroy()` leaves the instance in
 * `getPayload`'s cache, which would hand it out again, closed, and the GraphQL route keeps the schema it built
 * from that instance's config.
 */
export const forgetPayloadInstance = (payload: Payload): void => {
  const caches = globalThis as PayloadProcessCaches
  for (const [key, cached] of caches._payload ?? []) if (cached.payload === payload) caches._payload?.delete(key)
  // The route handler holds this object itself: it is emptied, not replaced.
  if (caches._payload_graphql) Object.assign(caches._payload_graphql, { graphql: null, promise: null })
}
