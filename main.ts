import { exitOnStartError } from './lib/configError'
import { selectDatabase } from './lib/databaseSelection'
import { readEnv, type ServiceEnv } from './lib/env'

// What `npm start` runs (built into dist/server.mjs). The settings are checked before the service's 2,500 modules
// load: a mistake in them is told at once, not after three seconds of loading.
const readSettings = (): ServiceEnv => {
  try {
    const env = readEnv(process.env)
    selectDatabase(env.databaseUrl, env.dataDir)
    return env
  } catch (error) {
    return exitOnStartError(error)
  }
}

const env = readSettings()
const { runServer } = await import('./server')
await runServer(env)
