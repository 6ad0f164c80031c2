import type { CollectionConfig, Config, Plugin } from 'payload'

import { MEDIA_SLUG } from '../../collections/Media'
import type { S3Settings } from '../env'
import { checkMediaBucket } from './checkMediaBucket'
import { s3ClientConfig } from './s3ClientConfig'

/** Upload collections whose files (and generated image sizes) go to the bucket. Media is the only one today. */
export const S3_COLLECTIONS = [MEDIA_SLUG] as const

const S3_CLIENT_UPLOAD_HANDLER = '@payloadcms/storage-s3/client#S3ClientUploadHandler'

/**
 * With S3 on, storage-s3 names this admin component (a provider per collection, inert without browser-direct uploads).
 * Declared in every config, S3 or not, so `npm run generate:importmap` always puts it in the committed import map
 * and the admin UI finds it when S3 is switched on by the environment alone.
 */
export const S3_ADMIN_DEPENDENCIES = { [S3_CLIENT_UPLOAD_HANDLER]: { type: 'function', path: S3_CLIENT_UPLOAD_HANDLER } } as const

/**
 * storage-s3 adds a stored `_objectKey` field (a column on SQL databases) that only its browser-direct uploads fill.
 * We upload through the service, so it stays empty: dropping it keeps the media schema, and so the committed
 * migrations, the same with and without S3. The plugin reads it as `doc._objectKey ?? ''`.
 */
const withoutObjectKeyField = (collection: CollectionConfig): CollectionConfig =>
  S3_COLLECTIONS.includes(collection.slug as (typeof S3_COLLECTIONS)[number])
    ? { ...collection, fields: collection.fields.filter((field) => !('name' in field && field.name === '_objectKey')) }
    : collection

/**
 * Stores uploads on S3-compatible storage with Payload's own storage-s3 plugin. Files keep their usual URL
 * (`/cms-api/media/file/<name>`): the service streams them from the bucket, so the bucket stays private and the
 * collection's read access applies (docs/deploy.md says why). Objects are keyed by file name at the bucket's root.
 * The bucket is checked at start (checkMediaBucket.ts). Must come after the plugin that adds the collections.
 * storage-s3 and the AWS SDK are loaded only here, when S3 is on (they added 127 ms to every start without it).
 */
export const s3MediaStorage =
  (settings: S3Settings): Plugin =>
  async (incoming: Config): Promise<Config> => {
    const { s3Storage } = await import('@payloadcms/storage-s3')
    const config = await s3Storage({
      bucket: settings.bucket,
      // storage-s3 keeps its clients process-wide by bucket name alone: a bucket of the same name elsewhere (another
      // endpoint, region or account) must not reuse this one's client.
      clientCacheKey: `s3:${settings.endpoint ?? 'aws'}:${settings.region}:${settings.accessKeyId}:${settings.bucket}`,
      collections: Object.fromEntries(S3_COLLECTIONS.map((slug) => [slug, true])),
      config: s3ClientConfig(settings),
    })(incoming)
    const onInit = config.onInit
    return {
      ...config,
      collections: config.collections?.map(withoutObjectKeyField),
      onInit: async (payload) => {
        await checkMediaBucket(settings, payload)
        await onInit?.(payload)
      },
    }
  }
