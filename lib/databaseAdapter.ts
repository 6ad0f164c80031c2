import fs from 'node:fs'

import { postgresAdapter } from '@payloadcms/db-postgres'
import { sqliteAdapter } from '@payloadcms/db-sqlite'
import type { DatabaseAdapterObj } from 'payload'

import type { DatabaseSelection } from './databaseSelection'
import { autoIncrementBeforePush } from './db/autoIncrementBeforePush'
import { indexPostgresValueParents, indexSqliteValueParents } from './db/hasManyParentIndexes'

export type SqlMigrations<Migrations> = {
  /** Folder where `payload migrate:create` writes new migrations for this adapter. */
  directory: string
  /** The committed migrations, run before serving when NODE_ENV=production. */
  list: Migrations
}

export type AdapterMigrations = {
  postgres: SqlMigrations<NonNullable<Parameters<typeof postgresAdapter>[0]['prodMigrations']>>
  sqlite: SqlMigrations<NonNullable<Parameters<typeof sqliteAdapter>[0]['prodMigrations']>>
}

export type AdapterSettings = {
  /**
   * SQLite's `PRAGMA synchronous` in WAL mode. `NORMAL` (the default here; Payload's is `FULL`) syncs the WAL at
   * checkpoints instead of on every commit: the database stays consistent after any crash, and a power cut can lose
   * the last commits. Every view and download is a commit, and on this machine `FULL` made each one cost twice as
   * much (0.55 against 0.26 ms) with stalls of over 100 ms.
   */
  sqliteSynchronous: 'NORMAL' | 'FULL' | 'EXTRA'
  /**
   * Milliseconds SQLite itself retries a statement that meets another process's write lock (`PRAGMA busy_timeout`;
   * Payload's default is 0: fail at once with SQLITE_BUSY). After that the request answers 503. libsql runs
   * statements on the main thread, so the process waits with it: keep it short.
   */
  sqliteBusyTimeoutMs: number
}

/**
 * Postgres pool settings beyond the address: a connection attempt that hangs (a host gone from the network) fails
 * after 5 s instead of holding the request forever. Idle connections stay open (pg-pool closed them after 10 s):
 * the home's rebuild after an editor's save then found none and opened its nine statements' connections anew, each
 * with the server's caches cold (57 against 30 ms on the benchmark's site). TCP keep-alive, from 30 s of silence,
 * keeps them through NAT gateways that forget quiet connections and notices a dead peer.
 */
const POSTGRES_POOL = { connectionTimeoutMillis: 5000, idleTimeoutMillis: 0, keepAlive: true, keepAliveInitialDelayMillis: 30_000 } as const

/**
 * Builds the Payload database adapter for a selection. SQL adapters push the schema in development and run the
 * committed migrations in production; MongoDB needs neither. MongoDB's adapter (mongoose and its driver) is loaded
 * only when it is chosen: it added 177 ms and 8 MB to every start on the other databases. The SQL adapters are
 * loaded by their committed migrations, which import them, either way.
 */
export const createDatabaseAdapter = async (
  selection: DatabaseSelection,
  migrations: AdapterMigrations,
  { sqliteBusyTimeoutMs, sqliteSynchronous }: AdapterSettings = { sqliteBusyTimeoutMs: 1000, sqliteSynchronous: 'NORMAL' },
): Promise<DatabaseAdapterObj> => {
  switch (selection.kind) {
    case 'sqlite':
      if (selection.directory) fs.mkdirSync(selection.directory, { recursive: true })
      return sqliteAdapter({
        afterSchemaInit: [indexSqliteValueParents, autoIncrementBeforePush(selection.url, sqliteBusyTimeoutMs)],
        // AUTOINCREMENT: a deleted record's id is never given to a new one, as Postgres sequences behave.
        autoIncrement: true,
        busyTimeout: sqliteBusyTimeoutMs,
        client: { url: selection.url },
        migrationDir: migrations.sqlite.directory,
        prodMigrations: migrations.sqlite.list,
        wal: selection.url !== 'file::memory:' && { synchronous: sqliteSynchronous },
      })
    case 'postgres':
      return postgresAdapter({
        afterSchemaInit: [indexPostgresValueParents],
        migrationDir: migrations.postgres.directory,
        pool: { ...POSTGRES_POOL, connectionString: selection.url },
        prodMigrations: migrations.postgres.list,
      })
    case 'mongodb': {
      const { mongooseAdapter } = await import('@payloadcms/db-mongodb')
      return mongooseAdapter({ url: selection.url })
    }
  }
}
