import { ConfigError } from './lib/configError'
import { selectDatabase } from './lib/databaseSelection'
import { readEnv } from './lib/env'

// What `npm start` runs (built into dist/server.mjs). The settings are checked before the service's 2,500 modules
// load: a mistake in them is told at once, not after three seconds of loading.
try {
  const env = readEnv(process.env)
  selectDatabase(env.databaseUrl, env.dataDir)
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  process.stderr.write(`${error.message}\n`)
  process.exit(1)
}

const { runServer } = await import('./server')
await runServer()
