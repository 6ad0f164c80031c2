import { ConfigError, exitOnStartError } from './lib/configError'
import { selectDatabase } from './lib/databaseSelection'
import { readEnv, type ServiceEnv } from './lib/env'

// `npm start` gives Node `--conditions=production`, by which Lexical's packages load their production builds. Started
// without it on Node 20.20, the server sometimes ended silently with exit code 13 while its modules loaded.
const PRODUCTION_CONDITION = /(?:^|\s)(?:--conditions|-C)[=\s]production(?:\s|$)/

// What `npm start` runs (built into dist/server.mjs). The settings are checked before the service's 2,500 modules
// load: a mistake in them is told at once, not after three seconds of loading.
const readSettings = (): ServiceEnv => {
  try {
    if (!PRODUCTION_CONDITION.test([...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' '))) {
      throw new ConfigError("Start failed: dist/server.mjs needs Node's --conditions=production flag; start the service with `npm start`")
    }
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
