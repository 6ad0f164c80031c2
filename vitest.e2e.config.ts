import { defineConfig } from 'vitest/config'

import { sharedConfig } from './vitest.config'

/**
 * The browser suite (`npm run test:e2e`): the admin UI in Debian's Chromium against the service started as its own
 * process. One file at a time, with time for an admin UI build when `.next` is out of date.
 */
export default defineConfig({
  ...sharedConfig,
  test: { ...sharedConfig.test, include: ['test/e2e/**/*.test.ts'], fileParallelism: false, testTimeout: 180_000, hookTimeout: 180_000 },
})
