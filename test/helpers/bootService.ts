import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import supertest from 'supertest'

import { selectDatabase } from '../../lib/databaseSelection'
import { readEnv, type ServiceEnv } from '../../lib/env'
import { createService, listen, type Service } from '../../server'
import { checkingContract } from './contractCheck'
import { createTestDatabase, type TestDatabase } from './testDatabase'

export type BootedService = Service & {
  env: ServiceEnv
  database: TestDatabase
  request: () => ReturnType<typeof supertest>
  /** Base URL of the service, listening on 127.0.0.1 on a random port. */
  url: string
  stop: () => Promise<void>
}

/**
 * Boots the service without the admin UI on a database of its own: a temp SQLite file, or a fresh database on the
 * server named by TEST_DATABASE_URL (Postgres or MongoDB), unless `vars` names DATABASE_URL (and DATA_DIR) to reuse.
 * Call `stop` in afterAll. One service per test file: Payload caches its instance per process, and the files of a
 * worker process each start with that cache empty (test/helpers/freshStartPerFile.ts).
 */
export const bootService = async (vars: Record<string, string> = {}): Promise<BootedService> => {
  const dataDir = vars.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'blog-service-test-'))
  const database: TestDatabase = vars.DATABASE_URL
    ? { kind: selectDatabase(vars.DATABASE_URL, dataDir).kind, url: vars.DATABASE_URL, drop: async () => {} }
    : await createTestDatabase(dataDir)
  const env = readEnv({
    NODE_ENV: 'test',
    PAYLOAD_SECRET: 'test-secret-not-for-production',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    ADMIN: 'false',
    ...vars,
  })
  const service = await createService(env)
  const server = await listen(checkingContract(service.handler), 0, '127.0.0.1', env)
  const { port } = server.address() as { port: number }
  return {
    ...service,
    env,
    database,
    url: `http://127.0.0.1:${port}`,
    request: () => supertest(server),
    stop: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      await service.close()
      await database.drop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
