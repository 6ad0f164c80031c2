// `npm run test:postgres`: the integration suite on a throwaway PostgreSQL cluster that is started and removed here.
import { spawn } from 'node:child_process'

import { startPostgresCluster } from './postgresCluster.mjs'

const started = Date.now()
const cluster = await startPostgresCluster()
console.log(`PostgreSQL cluster up at ${cluster.url} (${Date.now() - started} ms)`)

const stopAndExit = (code) => {
  cluster.stop()
  process.exit(code)
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAndExit(1))

// Paths given (`npm run test:postgres -- test/int/feeds.test.ts`) narrow the run; without any, the whole integration suite.
const args = process.argv.slice(2)
const paths = args.some((arg) => !arg.startsWith('-')) ? [] : ['test/int']
const vitest = spawn(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...paths, ...args], {
  env: {
    ...process.env,
    NODE_OPTIONS: '--conditions=production --no-deprecation',
    TEST_DATABASE_URL: cluster.url,
  },
  stdio: 'inherit',
})
vitest.on('exit', (code) => stopAndExit(code ?? 1))
