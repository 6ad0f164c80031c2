import { RateLimiterSQLite } from 'rate-limiter-flexible'

/**
 * RateLimiterSQLite whose clean-up of long-expired rows never rejects, as in the store's Postgres sibling. The store
 * runs that clean-up from its own 5-minute timer with nobody awaiting it, so a failure there (the database locked, or
 * its client already closed on shutdown) would otherwise surface as an unhandled rejection. Skipping one clean-up
 * is harmless: the next one deletes the same rows.
 */
type ClearExpired = { clearExpired: (this: RateLimiterSQLite, beforeMs: number) => Promise<void> }

export class SqliteRateLimiter extends RateLimiterSQLite {
  // Not in the package's type declarations, hence the cast.
  clearExpired(beforeMs: number): Promise<void> {
    return (RateLimiterSQLite.prototype as unknown as ClearExpired).clearExpired.call(this, beforeMs).catch(() => undefined)
  }
}
