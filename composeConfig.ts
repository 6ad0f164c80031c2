import './lib/skipDependencyCheck'

import path from 'node:path'

import { lexicalEditor } from '@payloadcms/richtext-lexical'
import { buildConfig, type SanitizedConfig } from 'payload'
import sharp from 'sharp'

import { blogPortfolio } from './index'
import { createDatabaseAdapter } from './lib/databaseAdapter'
import { selectDatabase } from './lib/databaseSelection'
import { serviceLogMethod } from './lib/serviceLogMethod'
import type { ServiceEnv } from './lib/env'
import { loginThrottleSettingsFromEnv } from './lib/loginThrottleSettings'
import { mediaDirOf } from './lib/mediaDir'
import { projectRoot } from './lib/projectRoot'
import { resolveSecret } from './lib/secret'
import { S3_ADMIN_DEPENDENCIES, s3MediaStorage } from './lib/storage/s3MediaStorage'
import { migrations as postgresMigrations } from './migrations/postgres/index'
import { migrations as sqliteMigrations } from './migrations/sqlite/index'

const dirname = projectRoot

/** Next's build evaluates the config without serving anything: it must not need the production secret. */
const isNextBuild = () => process.env.NEXT_PHASE === 'phase-production-build'

/** The whole Payload config of the service, from its environment. */
export const composeConfig = async (env: ServiceEnv): Promise<SanitizedConfig> =>
  buildConfig({
    admin: {
      dependencies: { ...S3_ADMIN_DEPENDENCIES },
      importMap: { baseDir: dirname, importMapFile: path.resolve(dirname, 'app/(payload)/admin/importMap.js') },
      meta: { titleSuffix: ' · Blog & Portfolio' },
    },
    cors: env.corsOrigins,
    // Read by the users collection's login throttle (hooks/throttleLogin.ts) and forgot-password limit
    // (hooks/limitForgotPassword.ts).
    custom: { loginThrottle: loginThrottleSettingsFromEnv(env), forgotPasswordLimit: env.forgotPasswordRateLimit },
    db: await createDatabaseAdapter(
      selectDatabase(env.databaseUrl, env.dataDir),
      {
        postgres: { directory: path.resolve(dirname, 'migrations/postgres'), list: postgresMigrations },
        sqlite: { directory: path.resolve(dirname, 'migrations/sqlite'), list: sqliteMigrations },
      },
      { sqliteBusyTimeoutMs: env.sqliteBusyTimeoutMs, sqliteSynchronous: env.sqliteSynchronous },
    ),
    editor: lexicalEditor(),
    logger: { options: { hooks: { logMethod: serviceLogMethod }, level: env.logLevel } },
    plugins: [
      blogPortfolio({
        firstAdmin: env.adminEmail && env.adminPassword ? { email: env.adminEmail, password: env.adminPassword } : undefined,
        jobsPollMs: env.jobsPollMs,
        mediaDir: mediaDirOf(env.dataDir),
        scanRateLimit: env.scanRateLimit,
        searchMemoryMb: env.searchMemoryMb,
        siteUrl: env.siteUrl,
        trustProxy: env.trustProxy,
        wallModeration: env.wallModeration,
        webhooks: {
          allowPrivate: env.webhookAllowPrivate,
          retryDelaysMs: env.webhookRetryDelaysMs,
          deliveryRetentionDays: env.webhookDeliveryRetentionDays,
        },
      }),
      // After blogPortfolio, which adds the media collection it moves to the bucket.
      ...(env.s3 ? [s3MediaStorage(env.s3)] : []),
    ],
    secret: env.payloadSecret ?? (isNextBuild() ? 'next-build-only' : resolveSecret(undefined, env.dataDir)),
    serverURL: env.serverUrl,
    sharp,
    telemetry: false,
    typescript: { autoGenerate: false, outputFile: path.resolve(dirname, 'payload-types.ts') },
  })
