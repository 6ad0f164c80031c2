/** The values rate-limiter-flexible binds: keys, points and expiry times (or null). */
type SqlValue = string | number | bigint | null

/** What the SQLite adapter keeps on `payload.db.client`: a @libsql/client Client. */
export type LibsqlClient = {
  execute: (statement: { sql: string; args: SqlValue[] }) => Promise<{ rows: unknown[]; rowsAffected: number }>
}

export const isLibsqlClient = (value: unknown): value is LibsqlClient =>
  typeof value === 'object' && value !== null && typeof (value as Partial<LibsqlClient>).execute === 'function'

type Callback<Result> = (this: { changes: number }, error: Error | null, result?: Result) => void

/** The `sqlite3.Database` methods rate-limiter-flexible's RateLimiterSQLite calls (its default storeType). */
export type Sqlite3Like = {
  serialize: (run: () => void) => void
  run: (sql: string, params: SqlValue[] | Callback<void>, callback?: Callback<void>) => void
  get: (sql: string, params: SqlValue[], callback: Callback<unknown>) => void
}

/** RateLimiterSQLite wraps its upsert in a savepoint (these three statements). */
const SAVEPOINT = /^\s*(SAVEPOINT|RELEASE SAVEPOINT|ROLLBACK TO SAVEPOINT)\b/i

/**
 * rate-limiter-flexible's SQLite store speaks to `sqlite3` or `better-sqlite3`; the SQLite adapter uses libsql. This
 * gives the store libsql's client in sqlite3's shape. (Its drizzle store would need no shim, but it imports
 * `drizzle-orm` by a computed name, which a host's bundler cannot follow: in Next's build every limited request
 * answered 503, "Cannot find module as expression is too dynamic".) The savepoint around its upsert is skipped: the upsert is one
 * statement (`INSERT … ON CONFLICT DO UPDATE … RETURNING`), atomic by itself, and on a connection that Payload's
 * queries share, a savepoint held across an await would pull their statements into it.
 */
export const libsqlAsSqlite3 = (client: LibsqlClient): Sqlite3Like => {
  const execute = (sql: string, args: SqlValue[]) => client.execute({ sql, args })
  return {
    serialize: (run) => run(),
    run: (sql, params, callback) => {
      const [args, done] = typeof params === 'function' ? [[], params] : [params, callback]
      if (SAVEPOINT.test(sql)) {
        done?.call({ changes: 0 }, null)
        return
      }
      execute(sql, args).then(
        (result) => done?.call({ changes: result.rowsAffected }, null),
        (error: unknown) => done?.call({ changes: 0 }, error instanceof Error ? error : new Error(String(error))),
      )
    },
    get: (sql, params, callback) => {
      execute(sql, params).then(
        (result) => callback.call({ changes: result.rowsAffected }, null, result.rows[0]),
        (error: unknown) => callback.call({ changes: 0 }, error instanceof Error ? error : new Error(String(error))),
      )
    },
  }
}
