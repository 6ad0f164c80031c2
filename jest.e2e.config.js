import base from './jest.config.js'

/**
 * The browser suite (`npm run test:e2e`): the admin UI in Debian's Chromium against the service started as its own
 * process. One file at a time, with time for an admin UI build when `.next` is out of date.
 * @type {import('jest').Config}
 */
const config = {
  ...base,
  testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/.next/'],
  testTimeout: 180_000,
  maxWorkers: 1,
}

export default config
