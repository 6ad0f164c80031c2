import { createRequire } from 'node:module'

import { defineConfig, type ViteUserConfig } from 'vitest/config'

const require = createRequire(import.meta.url)

/** What every suite shares: the e2e and example configs add their files and longer limits. */
export const sharedConfig = {
  test: {
    setupFiles: ['test/helpers/freshStartPerFile.ts', 'test/helpers/contractAfterEach.ts'],
    globalSetup: ['test/helpers/buildServerOnce.mjs'],
    // One process pushes the schema of many databases: Payload's push would skip every one after the first as
    // "no changes" (it remembers the last schema it pushed, not where).
    env: { PAYLOAD_FORCE_DRIZZLE_PUSH: 'true' },
    pool: 'forks',
    isolate: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
  resolve: {
    conditions: ['production'],
    // graphql has two entry points (CommonJS `main`, ESM `module`); Payload loads the first, and a schema built
    // with one is refused by the other ("from another module or realm").
    alias: { graphql: require.resolve('graphql') },
  },
} satisfies ViteUserConfig

/**
 * `npm test`: the unit and integration suites. Test files share their worker process (`isolate: false`), so the
 * ~2,000 modules of Payload, its adapters and Lexical load once per worker instead of once per file; each file
 * still boots its own service on its own database (test/helpers/freshStartPerFile.ts).
 */
export default defineConfig({
  ...sharedConfig,
  // Three workers on a 2-core machine: many files wait on processes they started (restarts, leases, signals), and a
  // third worker fills those waits. Measured: 2 workers 303-323 s, 3 workers 268 s, 4 workers 327 s.
  test: { ...sharedConfig.test, include: ['test/unit/**/*.test.ts', 'test/int/**/*.test.ts'], maxWorkers: 3 },
})
