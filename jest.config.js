/** @type {import('jest').Config} */
const config = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          target: 'es2022',
          transform: { react: { runtime: 'automatic' } },
          experimental: { keepImportAttributes: true },
        },
        module: { type: 'es6' },
      },
    ],
  },
  // sanitize-html (CommonJS) requires htmlparser2 and its helpers, which ship as ES modules only: Node 20.19+ loads
  // them with require(esm), Jest's module runtime does not, so they are compiled to CommonJS for it.
  transformIgnorePatterns: ['/node_modules/(?!(?:htmlparser2|domhandler|domutils|domelementtype|dom-serializer|entities)/)'],
  moduleNameMapper: { '\\.(css|scss)$': '<rootDir>/test/helpers/emptyModule.js' },
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  setupFilesAfterEnv: ['<rootDir>/test/helpers/contractAfterEach.ts'],
  globalSetup: '<rootDir>/test/helpers/buildServerOnce.mjs',
  testPathIgnorePatterns: ['/node_modules/', '/.next/', '/test/e2e/', '/test/example/'],
  // The example app's own install (examples/next-app/node_modules) is not this project's code.
  modulePathIgnorePatterns: ['<rootDir>/examples/'],
  testTimeout: 120_000,
  // Integration suites each boot Payload on their own database; two at a time suits a 2-core machine.
  maxWorkers: 2,
}

export default config
