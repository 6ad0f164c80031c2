import type { Payload } from 'payload'
import { RateLimiterMongo, RateLimiterPostgres } from 'rate-limiter-flexible'

import { sqlOf } from '../db/rawSql'
import { runSchemaStatements } from '../db/schemaStatements'
import { type CreateLimiter, inMemoryLimiter } from '../rateLimits'
import { isLibsqlClient, libsqlAsSqlite3 } from './libsqlAsSqlite3'
import { MONGO_LIMITS_COLLECTION, PG_LIMITS_SCHEMA, PG_LIMITS_TABLE, SQLITE_LIMITS_TABLE } from './limitsTables'
import { SqliteRateLimiter } from './sqliteRateLimiter'

/** rate-limiter-flexible's table shape; keys are text, since a login key holds an email. */
const DDL = {
  postgres: [
    `CREATE SCHEMA IF NOT EXISTS ${PG_LIMITS_SCHEMA}`,
    `CREATE TABLE IF NOT EXISTS ${PG_LIMITS_SCHEMA}.${PG_LIMITS_TABLE} (key text PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)`,
  ],
  sqlite: [`CREATE TABLE IF NOT EXISTS ${SQLITE_LIMITS_TABLE} (key TEXT PRIMARY KEY, points INTEGER NOT NULL DEFAULT 0, expire INTEGER)`],
}

const KEY = Symbol.for('blog-portfolio.sharedLimiters')
const holder = globalThis as typeof globalThis & { [KEY]?: WeakMap<object, CreateLimiter> }
const factories: WeakMap<object, CreateLimiter> = (holder[KEY] ??= new WeakMap())

/** The driver's MongoClient and database name behind the mongoose connection the MongoDB adapter keeps. */
const mongoClientOf = (connection: unknown): { client: unknown; dbName: string } | undefined => {
  if (typeof connection !== 'object' || connection === null) return undefined
  const { getClient, db } = connection as { getClient?: () => unknown; db?: { databaseName?: string } }
  if (typeof getClient !== 'function' || !db?.databaseName) return undefined
  return { client: getClient.call(connection), dbName: db.databaseName }
}

const storeFactory = (payload: Payload): CreateLimiter | undefined => {
  const db: object = payload.db
  if (payload.db.name === 'postgres' && 'pool' in db && db.pool) {
    const pool = db.pool
    return (options) =>
      new RateLimiterPostgres({ ...options, storeClient: pool, storeType: 'pool', schemaName: PG_LIMITS_SCHEMA, tableName: PG_LIMITS_TABLE, tableCreated: true })
  }
  if (payload.db.name === 'sqlite' && 'client' in db && isLibsqlClient(db.client)) {
    const client = libsqlAsSqlite3(db.client)
    return (options) =>
      new SqliteRateLimiter({
        ...options,
        storeClient: client,
        storeType: 'sqlite3',
        tableName: SQLITE_LIMITS_TABLE,
        tableCreated: true,
        // Off by default in this store (on in the Postgres one): rows expired an hour ago are deleted every 5 minutes.
        clearExpiredByTimeout: true,
      })
  }
  const mongo = 'connection' in db ? mongoClientOf(db.connection) : undefined
  if (mongo) {
    return (options) => new RateLimiterMongo({ ...options, storeClient: mongo.client, dbName: mongo.dbName, tableName: MONGO_LIMITS_COLLECTION })
  }
  return undefined
}

/**
 * Creates the limits table (plugin onInit) and remembers which store this database's limiters use, so the per-IP
 * limits (wall messages, likes, logins) hold across every process on the database.
 */
export const prepareSharedRateLimits = async (payload: Payload): Promise<void> => {
  const sql = await sqlOf(payload)
  if (sql) await runSchemaStatements(sql, DDL[sql.dialect])
  const factory = storeFactory(payload)
  if (factory) factories.set(payload.db, factory)
  else payload.logger?.warn('rate limits: no shared store for this database adapter; each process keeps its own')
}

/** The limiter factory for `payload`'s database: shared through it once prepared, else one memory per process. */
export const limiterFactoryOf = (payload: Payload): CreateLimiter => factories.get(payload.db) ?? inMemoryLimiter
