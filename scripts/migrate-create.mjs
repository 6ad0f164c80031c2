// `npm run migrate:create -- <name>`: writes a migration for each SQL adapter (migrations/sqlite, migrations/postgres)
// from the difference between the collections in code and the last committed migration. Needs no running database:
// SQLite uses a temp file, Postgres a throwaway cluster.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { startPostgresCluster } from '../test/helpers/postgresCluster.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const name = process.argv[2] ?? 'migration'
const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-service-migrate-'))

const createFor = (databaseUrl) => {
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules', 'payload', 'bin.js'), 'migrate:create', name], {
    cwd: root,
    env: {
      ...process.env,
      ADMIN: 'false',
      DATA_DIR: tempDir,
      DATABASE_URL: databaseUrl,
      NODE_ENV: 'development',
      NODE_OPTIONS: '--conditions=production --no-deprecation',
      PAYLOAD_SECRET: 'migration-generation-only',
    },
    stdio: 'inherit',
  })
  if (result.status !== 0) throw new Error(`payload migrate:create failed for ${databaseUrl.split(':')[0]}`)
}

const cluster = await startPostgresCluster()
try {
  createFor(`file:${path.join(tempDir, 'migrate.db')}`)
  createFor(cluster.url)
} finally {
  cluster.stop()
  fs.rmSync(tempDir, { recursive: true, force: true })
}
