import { afterAll, beforeAll } from 'vitest'

import { publicCache } from '../../lib/publicCache'

/**
 * Test files share their worker process (vitest.config.ts): each one starts as if the process were new, with an
 * empty public cache and the environment the process started with. (Payload's instance is forgotten when a file
 * closes it: lib/forgetPayloadInstance.ts.)
 */
let environmentAtStart: Record<string, string | undefined> = {}

beforeAll(() => {
  publicCache.clear()
  environmentAtStart = { ...process.env }
})

afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in environmentAtStart)) delete process.env[name]
  Object.assign(process.env, environmentAtStart)
})
