import { randomBytes } from 'node:crypto'
import path from 'node:path'

import pg from 'pg'

export type TestDatabase = { kind: 'mongodb' | 'postgres' | 'sqlite'; url: string; drop: () => Promise<void> }

const uniqueName = () => `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`

const withDatabase = (serverUrl: string, name: string): string => {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

const createPostgresDatabase = async (serverUrl: string): Promise<TestDatabase> => {
  const name = uniqueName()
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  return {
    kind: 'postgres',
    url: withDatabase(serverUrl, name),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl })
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await client.end()
    },
  }
}

/**
 * A database for one test suite. TEST_DATABASE_URL names a Postgres or MongoDB server (set by test:postgres and
 * test:mongo); without it, a SQLite file in the suite's temp folder.
 */
export const createTestDatabase = async (dataDir: string): Promise<TestDatabase> => {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (serverUrl?.startsWith('postgres')) return createPostgresDatabase(serverUrl)
  if (serverUrl?.startsWith('mongodb')) {
    // MongoDB creates a database on first write; the service's close() leaves it, so it is dropped by name here.
    const url = withDatabase(serverUrl, uniqueName())
    return {
      kind: 'mongodb',
      url,
      drop: async () => {
        const { default: mongoose } = await import('mongoose')
        const connection = await mongoose.createConnection(url).asPromise()
        await connection.dropDatabase()
        await connection.close()
      },
    }
  }
  return { kind: 'sqlite', url: `file:${path.join(dataDir, 'test.db')}`, drop: async () => {} }
}
