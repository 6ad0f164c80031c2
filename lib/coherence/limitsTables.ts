/**
 * Where the shared rate limits live (lib/coherence/sharedRateLimits.ts), in a module of their own so that tools
 * (backup) can name them without loading a store. One table holds every limit; rate-limiter-flexible prefixes each
 * key with its limiter's `keyPrefix`. Created at start, outside Payload's schema: Postgres in a schema of its own
 * (the development push only manages `public`), SQLite under a `libsql_` name (which drizzle-kit's push leaves alone).
 */
export const PG_LIMITS_SCHEMA = 'blog_limits'
export const PG_LIMITS_TABLE = 'rate_limits'
export const SQLITE_LIMITS_TABLE = 'libsql_rate_limits'
export const MONGO_LIMITS_COLLECTION = 'blog_rate_limits'
