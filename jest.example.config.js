import base from './jest.config.js'

/**
 * The example host app (`npm run test:example`): examples/next-app, built beforehand, started as its own process and
 * asked over HTTP.
 * @type {import('jest').Config}
 */
const config = {
  ...base,
  testMatch: ['<rootDir>/test/example/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/.next/'],
  testTimeout: 180_000,
  maxWorkers: 1,
}

export default config
