import os from 'node:os'
import path from 'node:path'

import { z } from 'zod'

import { ConfigError } from './configError'
import { DEFAULT_LOGIN_THROTTLE } from './loginThrottleSettings'
import { DEFAULT_WEBHOOK_RETRY_DELAYS_MS } from './webhooks/retrySchedule'
import { DEFAULT_WEBHOOK_DELIVERY_RETENTION_DAYS } from './webhooks/settings'

export type NodeEnvironment = 'development' | 'production' | 'test'

const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

const SQLITE_SYNCHRONOUS = ['NORMAL', 'FULL', 'EXTRA'] as const
export type SqliteSynchronous = (typeof SQLITE_SYNCHRONOUS)[number]

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional()

const booleanText = (fallback: boolean) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback
      if (['1', 'true', 'yes', 'on'].includes(value)) return true
      if (['0', 'false', 'no', 'off'].includes(value)) return false
      ctx.addIssue({ code: 'custom', message: `expected true or false, got "${value}"` })
      return z.NEVER
    })

const integerText = (fallback: number, min: number, max: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback
      if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
        ctx.addIssue({ code: 'custom', message: `expected a whole number from ${min} to ${max}, got "${value}"` })
        return z.NEVER
      }
      return Number(value)
    })

const absoluteHttpUrl = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === '') return undefined
    try {
      const url = new URL(value)
      if (url.protocol === 'http:' || url.protocol === 'https:') return value.replace(/\/+$/, '')
    } catch {
      // reported below
    }
    ctx.addIssue({ code: 'custom', message: `expected an absolute http(s) URL, got "${value}"` })
    return z.NEVER
  })

const corsList = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const origins = (value ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean)
    for (const origin of origins) {
      if (origin === '*') continue
      try {
        if (new URL(origin).origin === origin.replace(/\/+$/, '')) continue
      } catch {
        // reported below
      }
      ctx.addIssue({ code: 'custom', message: `"${origin}" is not an origin like https://example.com` })
    }
    return origins.map((origin) => origin.replace(/\/+$/, ''))
  })

const MAX_RETRY_DELAY_MS = 86_400_000

const millisecondsList = (fallback: number[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback
      const items = value.split(',').map((item) => item.trim())
      if (items.length > 20 || items.some((item) => !/^\d+$/.test(item) || Number(item) < 1 || Number(item) > MAX_RETRY_DELAY_MS)) {
        ctx.addIssue({ code: 'custom', message: `expected up to 20 comma-separated milliseconds from 1 to ${MAX_RETRY_DELAY_MS}, got "${value}"` })
        return z.NEVER
      }
      return items.map(Number)
    })

/**
 * Each worker is a whole service (about 150-250 MB of RSS) with its own database pool (up to 10 Postgres
 * connections), so 64 of them already need 640 connections and 10+ GB: a larger number is taken for a typo.
 */
export const MAX_WORKERS = 64

const workerCount = z
  .string()
  .trim()
  .toLowerCase()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === '') return 1
    if (value === 'auto') return Math.min(os.availableParallelism(), MAX_WORKERS)
    if (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_WORKERS) return Number(value)
    ctx.addIssue({ code: 'custom', message: `expected "auto" or a whole number from 1 to ${MAX_WORKERS}, got "${value}"` })
    return z.NEVER
  })

/** `auto` (or unset): undefined, the service's own choice; else megabytes from 0 to 1024. */
const searchMemoryMb = optionalText.transform((value, ctx) => {
  if (value === undefined || value.toLowerCase() === 'auto') return undefined
  if (/^\d+$/.test(value) && Number(value) <= 1024) return Number(value)
  ctx.addIssue({ code: 'custom', message: `expected "auto" or a whole number from 0 to 1024, got "${value}"` })
  return z.NEVER
})

const envSchema = z.object({
  ADMIN: booleanText(true),
  ADMIN_EMAIL: optionalText.pipe(z.email({ message: 'expected an email address' }).optional()),
  ADMIN_PASSWORD: optionalText,
  CORS_ORIGINS: corsList,
  DATA_DIR: optionalText,
  DATABASE_URL: optionalText,
  FEED_LIMIT: integerText(20, 1, 100),
  FORGOT_PASSWORD_RATE_LIMIT: integerText(5, 1, 10_000),
  HEADERS_TIMEOUT: integerText(15, 1, 3600),
  HOME_CACHE_TTL: integerText(300, 0, 86_400 * 30),
  HOST: optionalText,
  JOBS_POLL_MS: integerText(1000, 50, 60_000),
  LIKE_RATE_LIMIT: integerText(30, 1, 100_000),
  LIST_CACHE_TTL: integerText(10, 0, 3600),
  LOGIN_RATE_LIMIT: integerText(DEFAULT_LOGIN_THROTTLE.perIpLimit, 1, 100_000),
  LOGIN_ACCOUNT_LIMIT: integerText(DEFAULT_LOGIN_THROTTLE.perAccountLimit, 1, 1000),
  LOGIN_LOCK_SECONDS: integerText(DEFAULT_LOGIN_THROTTLE.lockSeconds, 1, 86_400),
  MAX_CONNECTIONS: integerText(1000, 1, 1_000_000),
  MAX_CONNECTIONS_PER_CLIENT: integerText(100, 1, 1_000_000),
  LOG_LEVEL: optionalText.pipe(z.enum(LOG_LEVELS, { message: `expected one of ${LOG_LEVELS.join(', ')}` }).optional()),
  NODE_ENV: optionalText,
  PAYLOAD_SECRET: optionalText,
  PORT: integerText(3000, 0, 65_535),
  REQUEST_TIMEOUT: integerText(60, 1, 86_400),
  SEARCH_MEMORY_MB: searchMemoryMb,
  SCAN_RATE_LIMIT: integerText(60, 0, 1_000_000),
  SEARCH_RATE_LIMIT: integerText(60, 0, 1_000_000),
  SERVER_URL: absoluteHttpUrl,
  SITE_URL: absoluteHttpUrl,
  SHUTDOWN_TIMEOUT: integerText(8, 1, 3600),
  SITEMAP_MAX_URLS: integerText(50_000, 1, 50_000),
  SKILLS_CACHE_TTL: integerText(3600, 0, 86_400 * 30),
  SQLITE_BUSY_TIMEOUT: integerText(1000, 0, 60_000),
  SQLITE_SYNCHRONOUS: optionalText.pipe(
    z
      .string()
      .transform((value) => value.toUpperCase())
      .pipe(z.enum(SQLITE_SYNCHRONOUS, { message: `expected one of ${SQLITE_SYNCHRONOUS.join(', ')}` }))
      .optional(),
  ),
  TRUST_PROXY: booleanText(false),
  WALL_MODERATION: booleanText(false),
  WALL_RATE_LIMIT: integerText(5, 1, 10_000),
  WEBHOOK_ALLOW_PRIVATE: booleanText(false),
  WEBHOOK_RETRY_DELAYS: millisecondsList(DEFAULT_WEBHOOK_RETRY_DELAYS_MS),
  WEBHOOK_DELIVERY_RETENTION_DAYS: integerText(DEFAULT_WEBHOOK_DELIVERY_RETENTION_DAYS, 0, 3650),
  WORKERS: workerCount,
})

/** Where media are stored when S3_BUCKET is set (lib/storage/s3MediaStorage.ts, docs/deploy.md). */
export type S3Settings = {
  bucket: string
  /** An S3-compatible service's address (MinIO, R2, B2...); undefined: AWS S3 itself. */
  endpoint?: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  /** Address buckets as `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO and most self-hosted servers need it). */
  forcePathStyle: boolean
}

const S3_VARIABLES = ['S3_BUCKET', 'S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const

const s3Schema = z.object({
  S3_BUCKET: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: 'expected a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens' })
      .optional(),
  ),
  S3_ENDPOINT: absoluteHttpUrl,
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: booleanText(false),
})

/** The S3 group: all or nothing, so a half-set group stops the start instead of quietly storing media on the disk. */
const readS3Settings = (source: Record<string, string | undefined>): S3Settings | undefined => {
  const parsed = s3Schema.safeParse(source)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`)
  }
  const vars = parsed.data
  if (!vars.S3_BUCKET) {
    const stray = S3_VARIABLES.filter((name) => name !== 'S3_BUCKET' && source[name]?.trim())
    if (stray.length === 0) return undefined
    throw new ConfigError(`Invalid configuration: ${stray.join(', ')} set without S3_BUCKET: set S3_BUCKET to store media on S3, or unset them`)
  }
  if (!vars.S3_ACCESS_KEY_ID || !vars.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError('Invalid configuration: S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY')
  }
  return {
    bucket: vars.S3_BUCKET,
    endpoint: vars.S3_ENDPOINT,
    region: vars.S3_REGION ?? 'us-east-1',
    accessKeyId: vars.S3_ACCESS_KEY_ID,
    secretAccessKey: vars.S3_SECRET_ACCESS_KEY,
    forcePathStyle: vars.S3_FORCE_PATH_STYLE,
  }
}

const toNodeEnvironment = (value: string | undefined): NodeEnvironment =>
  value === 'production' || value === 'test' ? value : 'development'

/**
 * Reads and checks the service's environment variables.
 * Throws a ConfigError naming every bad variable, so a typo stops the start instead of running with a surprise.
 */
export const readEnv = (source: Record<string, string | undefined>, cwd = process.cwd()) => {
  const parsed = envSchema.safeParse(source)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`)
  }
  const vars = parsed.data
  const nodeEnv = toNodeEnvironment(vars.NODE_ENV)

  if (Boolean(vars.ADMIN_EMAIL) !== Boolean(vars.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD must be set together')
  }
  if (nodeEnv === 'production' && !vars.PAYLOAD_SECRET && source.NEXT_PHASE !== 'phase-production-build') {
    throw new ConfigError('Invalid configuration: PAYLOAD_SECRET is required when NODE_ENV=production')
  }

  return {
    /** The service's settings, read once from the process environment. */
    admin: vars.ADMIN,
    adminEmail: vars.ADMIN_EMAIL,
    adminPassword: vars.ADMIN_PASSWORD,
    corsOrigins: vars.CORS_ORIGINS,
    dataDir: path.resolve(cwd, vars.DATA_DIR ?? 'data'),
    databaseUrl: vars.DATABASE_URL,
    /** Articles in each RSS, Atom and JSON feed (the newest published). */
    feedLimit: vars.FEED_LIMIT,
    /** `POST /cms-api/users/forgot-password` requests one client IP may make per 15 minutes. */
    forgotPasswordRateLimit: vars.FORGOT_PASSWORD_RATE_LIMIT,
    /** Milliseconds the request headers may take to arrive before the connection is closed with 408. */
    headersTimeoutMs: vars.HEADERS_TIMEOUT * 1000,
    homeCacheTtl: vars.HOME_CACHE_TTL,
    host: vars.HOST ?? '0.0.0.0',
    /** Milliseconds between two looks at the jobs queue (scheduled publishing, webhook deliveries). */
    jobsPollMs: vars.JOBS_POLL_MS,
    /** Like and unlike requests one client IP may make per minute. */
    likeRateLimit: vars.LIKE_RATE_LIMIT,
    /** Seconds an anonymous list or detail answer is reused (counters may lag that long; edits clear it at once). */
    listCacheTtl: vars.LIST_CACHE_TTL,
    /** Failed logins one client IP may make per 15 minutes, across all accounts. */
    loginRateLimit: vars.LOGIN_RATE_LIMIT,
    /** Failed logins on one account from one client IP before that account is locked for that IP. */
    loginAccountLimit: vars.LOGIN_ACCOUNT_LIMIT,
    /** Seconds such a lock lasts (and the window its failures are counted in). */
    loginLockSeconds: vars.LOGIN_LOCK_SECONDS,
    /** Open connections the server accepts at once; more are closed as they arrive. */
    maxConnections: vars.MAX_CONNECTIONS,
    /** Open connections one client network (an IPv4 address, an IPv6 /64) may hold; behind a proxy, the proxy's to limit. */
    maxConnectionsPerClient: vars.TRUST_PROXY ? undefined : vars.MAX_CONNECTIONS_PER_CLIENT,
    logLevel: vars.LOG_LEVEL ?? (nodeEnv === 'test' ? 'error' : 'info'),
    nodeEnv,
    payloadSecret: vars.PAYLOAD_SECRET,
    port: vars.PORT,
    /** Milliseconds a whole request (headers and body) may take to arrive. */
    requestTimeoutMs: vars.REQUEST_TIMEOUT * 1000,
    /** Media on S3-compatible storage (S3_* variables); undefined: media stay in DATA_DIR/media. */
    s3: readS3Settings(source),
    serverUrl: vars.SERVER_URL,
    /** Milliseconds a shutdown waits for requests in flight before it closes the remaining connections. */
    shutdownTimeoutMs: vars.SHUTDOWN_TIMEOUT * 1000,
    siteUrl: vars.SITE_URL,
    /** URLs in one sitemap file; past it, /api/sitemap.xml is an index of files of this size. */
    sitemapMaxUrls: vars.SITEMAP_MAX_URLS,
    skillsCacheTtl: vars.SKILLS_CACHE_TTL,
    /** SQLite's `PRAGMA synchronous` in WAL mode. */
    sqliteSynchronous: vars.SQLITE_SYNCHRONOUS ?? 'NORMAL',
    /** Milliseconds SQLite waits for another writer's lock before the request answers 503. */
    sqliteBusyTimeoutMs: vars.SQLITE_BUSY_TIMEOUT,
    trustProxy: vars.TRUST_PROXY,
    wallModeration: vars.WALL_MODERATION,
    wallRateLimit: vars.WALL_RATE_LIMIT,
    /** Webhook URLs may resolve to loopback, private and link-local addresses (receivers on the same host or network). */
    webhookAllowPrivate: vars.WEBHOOK_ALLOW_PRIVATE,
    /** Milliseconds between a failed webhook attempt and the next one, each varied by ±20%; one retry per entry. */
    webhookRetryDelaysMs: vars.WEBHOOK_RETRY_DELAYS,
    /** Days a finished webhook delivery stays in the log (0: forever). */
    webhookDeliveryRetentionDays: vars.WEBHOOK_DELIVERY_RETENTION_DAYS,
    /** Megabytes each process's memory copy of the search index may take (undefined: a quarter of the heap, at most 96; 0: none). */
    searchMemoryMb: vars.SEARCH_MEMORY_MB,
    /** /cms-api requests reading every document of a collection one client may make per minute, staff's aside (0: no limit). */
    scanRateLimit: vars.SCAN_RATE_LIMIT,
    /** Searches one client IP may make per minute (0: no limit, as the benchmark runs). */
    searchRateLimit: vars.SEARCH_RATE_LIMIT,
    /** Server processes sharing the port through node:cluster (1: a single process, no cluster primary). */
    workers: vars.WORKERS,
  }
}

/** The service's settings, read once from the process environment. */
export type ServiceEnv = ReturnType<typeof readEnv>
