import { afterAll, beforeAll } from 'vitest'

import { publicCache } from '../../lib/publicCache'

/** What Payload keeps process-wide: its instances by key, and the GraphQL schema its route handler built first. */
type PayloadGlobals = {
  _payload?: Map<string, unknown>
  _payload_graphql?: { graphql: unknown; promise: unknown }
}

/**
 * Test files share their worker process (vitest.config.ts): each one starts as if the process were new, with no
 * Payload instance or GraphQL schema of an earlier file's database, an empty public cache, and the environment the
 * process started with.
 */
let environmentAtStart: Record<string, string | undefined> = {}

beforeAll(() => {
  const payloadGlobals = globalThis as PayloadGlobals
  payloadGlobals._payload?.clear()
  // The route handler holds this object itself: it is emptied, not replaced.
  if (payloadGlobals._payload_graphql) Object.assign(payloadGlobals._payload_graphql, { graphql: null, promise: null })
  publicCache.clear()
  environmentAtStart = { ...process.env }
})

afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in environmentAtStart)) delete process.env[name]
  Object.assign(process.env, environmentAtStart)
})
