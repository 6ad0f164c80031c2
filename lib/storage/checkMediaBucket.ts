import type { Payload } from 'payload'

import { ConfigError } from '../configError'
import type { S3Settings } from '../env'
import { s3ClientConfig } from './s3ClientConfig'

const statusOf = (error: unknown): number | undefined => (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode

/**
 * Asks the object store for the bucket once at start. A missing bucket, refused keys or a wrong region are
 * configuration errors: the start stops with a line naming the variable. A store that cannot be reached is not (it
 * may come back): the service starts, logs a warning, and uploads and media answer errors until it does.
 */
export const checkMediaBucket = async (settings: S3Settings, payload: Payload): Promise<void> => {
  const { HeadBucketCommand, S3Client } = await import('@aws-sdk/client-s3')
  const client = new S3Client(s3ClientConfig(settings, 1))
  const where = `"${settings.bucket}"${settings.endpoint ? ` at ${settings.endpoint}` : ''}`
  try {
    await client.send(new HeadBucketCommand({ Bucket: settings.bucket }))
  } catch (error) {
    const status = statusOf(error)
    if (status === 404) throw new ConfigError(`Invalid configuration: S3_BUCKET: the bucket ${where} does not exist`)
    if (status === 401 || status === 403) {
      throw new ConfigError(`Invalid configuration: S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: access to the bucket ${where} was refused (${status})`)
    }
    if (status === 301) throw new ConfigError(`Invalid configuration: S3_REGION: the bucket ${where} is in another region than "${settings.region}"`)
    payload.logger.warn({ err: error }, `media bucket ${where} did not answer at start: media uploads and files fail until it does`)
  } finally {
    client.destroy()
  }
}
