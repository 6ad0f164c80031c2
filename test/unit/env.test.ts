import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { ConfigError } from '../../lib/configError'
import { readEnv } from '../../lib/env'

const read = (vars: Record<string, string>) => readEnv(vars, '/srv/app')

describe('readEnv', () => {
  it('applies the documented defaults', () => {
    expect(read({})).toEqual({
      admin: true,
      adminEmail: undefined,
      adminPassword: undefined,
      corsOrigins: [],
      dataDir: path.resolve('/srv/app', 'data'),
      databaseUrl: undefined,
      feedLimit: 20,
      forgotPasswordRateLimit: 5,
      headersTimeoutMs: 15_000,
      homeCacheTtl: 300,
      host: '0.0.0.0',
      jobsPollMs: 1000,
      likeRateLimit: 30,
      listCacheTtl: 10,
      loginAccountLimit: 5,
      loginLockSeconds: 600,
      loginRateLimit: 20,
      logLevel: 'info',
      maxConnections: 1000,
      maxConnectionsPerClient: 100,
      nodeEnv: 'development',
      payloadSecret: undefined,
      port: 3000,
      requestTimeoutMs: 60_000,
      scanRateLimit: 60,
      searchRateLimit: 60,
      serverUrl: undefined,
      shutdownTimeoutMs: 8000,
      siteUrl: undefined,
      sitemapMaxUrls: 50_000,
      skillsCacheTtl: 3600,
      sqliteBusyTimeoutMs: 1000,
      sqliteSynchronous: 'NORMAL',
      trustProxy: false,
      wallModeration: false,
      wallRateLimit: 5,
      webhookAllowPrivate: false,
      webhookDeliveryRetentionDays: 30,
      webhookRetryDelaysMs: [5000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 28_800_000, 28_800_000],
      workers: 1,
    })
  })

  it('reads every variable', () => {
    const env = read({
      ADMIN: 'false',
      ADMIN_EMAIL: 'owner@example.com',
      ADMIN_PASSWORD: 'long-password',
      CORS_ORIGINS: 'https://example.com, http://localhost:5173/',
      DATA_DIR: '/var/lib/blog',
      DATABASE_URL: 'postgres://u:p@db/blog',
      FEED_LIMIT: '50',
      FORGOT_PASSWORD_RATE_LIMIT: '3',
      HEADERS_TIMEOUT: '20',
      HOME_CACHE_TTL: '60',
      HOST: '127.0.0.1',
      LIKE_RATE_LIMIT: '100',
      LIST_CACHE_TTL: '0',
      LOGIN_ACCOUNT_LIMIT: '10',
      LOGIN_LOCK_SECONDS: '60',
      LOGIN_RATE_LIMIT: '100',
      LOG_LEVEL: 'warn',
      MAX_CONNECTIONS: '200',
      MAX_CONNECTIONS_PER_CLIENT: '20',
      NODE_ENV: 'production',
      PAYLOAD_SECRET: 's3cret',
      PORT: '8080',
      REQUEST_TIMEOUT: '120',
      SEARCH_MEMORY_MB: '32',
      SCAN_RATE_LIMIT: '5',
      SEARCH_RATE_LIMIT: '0',
      SERVER_URL: 'https://cms.example.com/',
      SHUTDOWN_TIMEOUT: '25',
      SITEMAP_MAX_URLS: '1000',
      SKILLS_CACHE_TTL: '0',
      SQLITE_BUSY_TIMEOUT: '0',
      SQLITE_SYNCHRONOUS: 'full',
      TRUST_PROXY: 'true',
      WALL_MODERATION: 'yes',
      WALL_RATE_LIMIT: '10',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_RETRY_DELAYS: '100, 200',
      WEBHOOK_DELIVERY_RETENTION_DAYS: '0',
    })
    expect(env).toMatchObject({
      admin: false,
      adminEmail: 'owner@example.com',
      corsOrigins: ['https://example.com', 'http://localhost:5173'],
      dataDir: '/var/lib/blog',
      databaseUrl: 'postgres://u:p@db/blog',
      feedLimit: 50,
      forgotPasswordRateLimit: 3,
      headersTimeoutMs: 20_000,
      homeCacheTtl: 60,
      host: '127.0.0.1',
      likeRateLimit: 100,
      listCacheTtl: 0,
      searchMemoryMb: 32,
      scanRateLimit: 5,
      searchRateLimit: 0,
      loginAccountLimit: 10,
      loginLockSeconds: 60,
      loginRateLimit: 100,
      logLevel: 'warn',
      maxConnections: 200,
      maxConnectionsPerClient: undefined,
      nodeEnv: 'production',
      port: 8080,
      requestTimeoutMs: 120_000,
      serverUrl: 'https://cms.example.com',
      shutdownTimeoutMs: 25_000,
      sitemapMaxUrls: 1000,
      skillsCacheTtl: 0,
      sqliteBusyTimeoutMs: 0,
      webhookDeliveryRetentionDays: 0,
      sqliteSynchronous: 'FULL',
      trustProxy: true,
      wallModeration: true,
      wallRateLimit: 10,
      webhookAllowPrivate: true,
      webhookRetryDelaysMs: [100, 200],
    })
  })

  it.each([
    ['PORT', 'abc', /PORT: expected a whole number from 0 to 65535, got "abc"/],
    ['PORT', '70000', /PORT/],
    ['PORT', '-1', /PORT/],
    ['HOME_CACHE_TTL', '5m', /HOME_CACHE_TTL/],
    ['SKILLS_CACHE_TTL', '1.5', /SKILLS_CACHE_TTL/],
    ['LIST_CACHE_TTL', '-3', /LIST_CACHE_TTL/],
    ['LOGIN_RATE_LIMIT', '0', /LOGIN_RATE_LIMIT: expected a whole number from 1 to 100000/],
    ['LOGIN_ACCOUNT_LIMIT', 'five', /LOGIN_ACCOUNT_LIMIT/],
    ['LOGIN_LOCK_SECONDS', '86401', /LOGIN_LOCK_SECONDS/],
    ['HEADERS_TIMEOUT', '0', /HEADERS_TIMEOUT: expected a whole number from 1 to 3600/],
    ['REQUEST_TIMEOUT', '1m', /REQUEST_TIMEOUT/],
    ['MAX_CONNECTIONS', '0', /MAX_CONNECTIONS/],
    ['MAX_CONNECTIONS_PER_CLIENT', '0', /MAX_CONNECTIONS_PER_CLIENT: expected a whole number from 1 to 1000000/],
    ['SHUTDOWN_TIMEOUT', '-5', /SHUTDOWN_TIMEOUT/],
    ['SQLITE_BUSY_TIMEOUT', 'long', /SQLITE_BUSY_TIMEOUT/],
    ['SQLITE_SYNCHRONOUS', 'OFF', /SQLITE_SYNCHRONOUS: expected one of NORMAL, FULL, EXTRA/],
    ['WALL_RATE_LIMIT', '0', /WALL_RATE_LIMIT/],
    ['FEED_LIMIT', '0', /FEED_LIMIT: expected a whole number from 1 to 100/],
    ['FEED_LIMIT', '101', /FEED_LIMIT/],
    ['SITEMAP_MAX_URLS', '50001', /SITEMAP_MAX_URLS: expected a whole number from 1 to 50000/],
    ['LIKE_RATE_LIMIT', '0', /LIKE_RATE_LIMIT: expected a whole number from 1 to 100000/],
    ['LIKE_RATE_LIMIT', 'many', /LIKE_RATE_LIMIT/],
    ['ADMIN', 'maybe', /ADMIN: expected true or false, got "maybe"/],
    ['WALL_MODERATION', '2', /WALL_MODERATION/],
    ['TRUST_PROXY', 'sometimes', /TRUST_PROXY/],
    ['WEBHOOK_ALLOW_PRIVATE', 'please', /WEBHOOK_ALLOW_PRIVATE: expected true or false/],
    ['WEBHOOK_RETRY_DELAYS', '5s,30s', /WEBHOOK_RETRY_DELAYS: expected up to 20 comma-separated milliseconds/],
    ['WEBHOOK_RETRY_DELAYS', '100,,200', /WEBHOOK_RETRY_DELAYS/],
    ['WEBHOOK_RETRY_DELAYS', '0', /WEBHOOK_RETRY_DELAYS/],
    ['WEBHOOK_DELIVERY_RETENTION_DAYS', '-1', /WEBHOOK_DELIVERY_RETENTION_DAYS/],
    ['WEBHOOK_DELIVERY_RETENTION_DAYS', 'a month', /WEBHOOK_DELIVERY_RETENTION_DAYS/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL: expected one of trace, debug/],
    ['SERVER_URL', 'cms.example.com', /SERVER_URL: expected an absolute http\(s\) URL/],
    ['SERVER_URL', 'ftp://example.com', /SERVER_URL/],
    ['CORS_ORIGINS', 'example.com', /CORS_ORIGINS: "example.com" is not an origin/],
    ['CORS_ORIGINS', 'https://example.com/path', /CORS_ORIGINS/],
  ])('refuses %s=%s with a message naming it', (name, value, message) => {
    expect(() => read({ [name]: value })).toThrow(ConfigError)
    expect(() => read({ [name]: value })).toThrow(message)
  })

  it('caps connections per client unless a proxy stands in front (TRUST_PROXY), whose own every connection is', () => {
    expect(read({ MAX_CONNECTIONS_PER_CLIENT: '20' }).maxConnectionsPerClient).toBe(20)
    expect(read({ MAX_CONNECTIONS_PER_CLIENT: '20', TRUST_PROXY: 'true' }).maxConnectionsPerClient).toBeUndefined()
  })

  it('names every bad variable in one message', () => {
    expect(() => read({ PORT: 'abc', ADMIN: 'maybe' })).toThrow(/PORT: .*; ADMIN: |ADMIN: .*; PORT: /)
  })

  it('needs ADMIN_EMAIL and ADMIN_PASSWORD together, and a real email', () => {
    expect(() => read({ ADMIN_EMAIL: 'owner@example.com' })).toThrow(/set together/)
    expect(() => read({ ADMIN_PASSWORD: 'pw' })).toThrow(/set together/)
    expect(() => read({ ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'pw' })).toThrow(/ADMIN_EMAIL/)
  })

  it('requires PAYLOAD_SECRET in production, except while Next builds the admin UI', () => {
    expect(() => read({ NODE_ENV: 'production' })).toThrow(/PAYLOAD_SECRET is required/)
    expect(read({ NODE_ENV: 'production', NEXT_PHASE: 'phase-production-build' }).payloadSecret).toBeUndefined()
    expect(read({ NODE_ENV: 'development' }).payloadSecret).toBeUndefined()
  })

  it('treats empty values as unset', () => {
    expect(read({ PORT: '', DATABASE_URL: ' ', ADMIN: '' })).toMatchObject({ port: 3000, databaseUrl: undefined, admin: true })
  })
})

describe('SEARCH_MEMORY_MB', () => {
  it('is the service’s own choice when unset, empty or "auto", else whole megabytes from 0 to 1024', () => {
    expect([readEnv({}).searchMemoryMb, readEnv({ SEARCH_MEMORY_MB: ' ' }).searchMemoryMb, readEnv({ SEARCH_MEMORY_MB: 'AUTO' }).searchMemoryMb]).toEqual([undefined, undefined, undefined])
    expect([readEnv({ SEARCH_MEMORY_MB: '0' }).searchMemoryMb, readEnv({ SEARCH_MEMORY_MB: '1024' }).searchMemoryMb]).toEqual([0, 1024])
  })

  it.each(['-1', '1.5', '1025', 'lots'])('refuses "%s" with a message naming the variable', (value) => {
    expect(() => readEnv({ SEARCH_MEMORY_MB: value })).toThrow(`SEARCH_MEMORY_MB: expected "auto" or a whole number from 0 to 1024, got "${value}"`)
  })
})
