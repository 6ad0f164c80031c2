import { defineConfig } from 'vitest/config'

import { sharedConfig } from './vitest.config'

/** The example host app (`npm run test:example`): examples/next-app, built beforehand, started as its own process and asked over HTTP. */
export default defineConfig({
  ...sharedConfig,
  test: { ...sharedConfig.test, include: ['test/example/**/*.test.ts'], fileParallelism: false, testTimeout: 180_000, hookTimeout: 180_000 },
})
