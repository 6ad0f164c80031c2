import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'
import { sqliteAdapter } from '@payloadcms/db-sqlite'
import { buildConfig, type Config, type FlattenedField } from 'payload'

import { blogPortfolio } from '../../index'
import type { Manifest } from '../../lib/backup/manifest'
import { checkMediaStorageMatches } from '../../lib/backup/mediaInBucket'
import { ConfigError } from '../../lib/configError'
import { readEnv, type S3Settings } from '../../lib/env'
import { refuseMissingUploadFile } from '../../lib/missingUploadFile'
import { S3_ADMIN_DEPENDENCIES, s3MediaStorage } from '../../lib/storage/s3MediaStorage'

const read = (vars: Record<string, string>) => readEnv(vars, '/srv/app')

const FULL = {
  S3_BUCKET: 'blog-media',
  S3_ENDPOINT: 'https://s3.example.com/',
  S3_REGION: 'auto',
  S3_ACCESS_KEY_ID: 'key',
  S3_SECRET_ACCESS_KEY: 'secret',
  S3_FORCE_PATH_STYLE: 'true',
}

describe('the S3_* variables', () => {
  it('are all optional: without S3_BUCKET media stay on the disk', () => {
    expect(read({}).s3).toBeUndefined()
    expect(read({ S3_BUCKET: ' ' }).s3).toBeUndefined()
  })

  it('give the storage settings, with us-east-1 and virtual-hosted addressing by default', () => {
    expect(read(FULL).s3).toEqual({
      bucket: 'blog-media',
      endpoint: 'https://s3.example.com',
      region: 'auto',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    })
    expect(read({ S3_BUCKET: 'blog-media', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' }).s3).toEqual({
      bucket: 'blog-media',
      endpoint: undefined,
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: false,
    })
  })

  it('refuse a bucket without both keys', () => {
    for (const missing of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) {
      const vars: Record<string, string> = { ...FULL }
      delete vars[missing]
      expect(() => read(vars)).toThrow(new ConfigError('Invalid configuration: S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY'))
    }
  })

  it('refuse S3 settings without a bucket, naming them', () => {
    expect(() => read({ S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      'Invalid configuration: S3_ENDPOINT, S3_ACCESS_KEY_ID set without S3_BUCKET: set S3_BUCKET to store media on S3, or unset them',
    )
  })

  it('refuse a malformed bucket, endpoint or switch, naming each', () => {
    expect(() => read({ ...FULL, S3_BUCKET: 'Blog_Media' })).toThrow('S3_BUCKET: expected a bucket name')
    expect(() => read({ ...FULL, S3_ENDPOINT: 'minio:9000' })).toThrow('S3_ENDPOINT: expected an absolute http(s) URL, got "minio:9000"')
    expect(() => read({ ...FULL, S3_FORCE_PATH_STYLE: 'maybe' })).toThrow('S3_FORCE_PATH_STYLE: expected true or false, got "maybe"')
  })
})

const SETTINGS: S3Settings = {
  bucket: 'blog-media',
  endpoint: 'http://127.0.0.1:9000',
  region: 'us-east-1',
  accessKeyId: 'key',
  secretAccessKey: 'secret',
  forcePathStyle: true,
}

const baseConfig = (plugins: Config['plugins']): Config => ({
  db: sqliteAdapter({ client: { url: 'file::memory:' } }),
  secret: 'test',
  telemetry: false,
  plugins,
})

/** Every stored field of a collection, as dotted paths with their types: what the database schema is made from. */
const storedFields = (fields: FlattenedField[], prefix = ''): string[] =>
  fields.flatMap((field) => [
    ...('virtual' in field && field.virtual ? [] : [`${prefix}${field.name}:${field.type}`]),
    ...('flattenedFields' in field ? storedFields(field.flattenedFields, `${prefix}${field.name}.`) : []),
  ])

describe('s3MediaStorage', () => {
  it('moves media to the bucket and leaves the stored fields (so the migrations) as they are', async () => {
    const onDisk = await buildConfig(baseConfig([blogPortfolio()]))
    const onS3 = await buildConfig(baseConfig([blogPortfolio(), s3MediaStorage(SETTINGS)]))
    const media = (config: typeof onDisk) => config.collections.find((collection) => collection.slug === 'media')!
    expect(storedFields(media(onS3).flattenedFields).sort()).toEqual(storedFields(media(onDisk).flattenedFields).sort())
    expect(media(onDisk).upload.disableLocalStorage).toBeFalsy()
    expect(media(onS3).upload.disableLocalStorage).toBe(true)
    // Ours refuses a file missing on disk and steps aside under cloud storage; then the bucket's own handler.
    expect(media(onDisk).upload.handlers).toEqual([refuseMissingUploadFile])
    expect(media(onS3).upload.handlers).toEqual([refuseMissingUploadFile, expect.any(Function)])
    // Other collections are not touched.
    const articles = (config: typeof onDisk) => config.collections.find((collection) => collection.slug === 'articles')!
    expect(storedFields(articles(onS3).flattenedFields)).toEqual(storedFields(articles(onDisk).flattenedFields))
  })
})

/** The keys of the committed admin import map (what `npm run generate:importmap` wrote). */
const importMapKeys = (): string[] => {
  const source = fs.readFileSync(path.resolve(import.meta.dirname, '../../app/(payload)/admin/importMap.js'), 'utf8')
  return [...source.matchAll(/^\s*"([^"]+)":/gm)].map((match) => match[1]!)
}

describe('the admin UI with media on S3', () => {
  it('finds every component storage-s3 adds in the committed import map', async () => {
    const config = await buildConfig({
      ...baseConfig([blogPortfolio(), s3MediaStorage(SETTINGS)]),
      admin: { dependencies: { ...S3_ADMIN_DEPENDENCIES } },
    })
    const providers = (config.admin.components?.providers ?? []).map((provider) => (typeof provider === 'object' && provider ? provider.path : provider))
    expect(providers).toEqual(['@payloadcms/storage-s3/client#S3ClientUploadHandler'])
    const keys = importMapKeys()
    for (const component of [...providers, ...Object.keys(config.admin.dependencies ?? {})]) expect(keys).toContain(component)
  })
})

const manifestWith = (media: Manifest['media']): Manifest => ({
  format: 'blog-portfolio-service-backup',
  formatVersion: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  database: { kind: 'sqlite', path: 'database/content.sqlite', format: 'sqlite3', bytes: 1, sha256: '0'.repeat(64) },
  migrations: [],
  media,
})

describe('restoring across media storages', () => {
  const fileRecord = { path: 'media/a.png', bytes: 3, sha256: '0'.repeat(64) }

  it('refuses an archive of media files into a service that serves media from a bucket', () => {
    expect(() => checkMediaStorageMatches(manifestWith({ files: [fileRecord], bytes: 3 }), SETTINGS)).toThrow(
      'This archive holds 1 media files, but S3_BUCKET is set, so they would not be served. Nothing was changed.',
    )
  })

  it('refuses an archive of media on S3 into a service without a bucket', () => {
    expect(() => checkMediaStorageMatches(manifestWith({ files: [], bytes: 0, bucket: { name: 'blog-media' } }), undefined)).toThrow(
      'This archive was made with media on the S3 bucket "blog-media" and holds none of them, but S3_BUCKET is not set.',
    )
  })

  it('accepts matching storages, and a site without media into either', () => {
    expect(() => checkMediaStorageMatches(manifestWith({ files: [fileRecord], bytes: 3 }), undefined)).not.toThrow()
    expect(() => checkMediaStorageMatches(manifestWith({ files: [], bytes: 0, bucket: { name: 'other' } }), SETTINGS)).not.toThrow()
    expect(() => checkMediaStorageMatches(manifestWith({ files: [], bytes: 0 }), SETTINGS)).not.toThrow()
  })
})
