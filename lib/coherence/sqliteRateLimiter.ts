import { RateLimiterSQLite } from 'rate-limiter-flexible'

/** The store's own clean-up, which its type declarations leave out. */
const storeClearExpired: unknown = Reflect.get(RateLimiterSQLite.prototype, 'clearExpired')

/**
 * RateLimiterSQLite whose clean-up of long-expired rows never rejects, as in the store's Postgres sibling. The store
 * runs that clean-up from its own 5-minute timer with nobody awaiting it, so a failure there (the database locked, or
 * its client already closed on shutdown) would otherwise surface as an unhandled rejection. Skipping one clean-up
 * is harmless: the next one deletes the same rows.
 */
export class SqliteRateLimiter extends RateLimiterSQLite {
  clearExpired(beforeMs: number): Promise<void> {
    if (typeof storeClearExpired !== 'function') return Promise.resolve()
    return Promise.resolve(storeClearExpired.call(this, beforeMs)).then(
      () => undefined,
      () => undefined,
    )
  }
}
