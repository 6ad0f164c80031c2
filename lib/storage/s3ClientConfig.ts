import type { S3ClientConfig } from '@aws-sdk/client-s3'

import type { S3Settings } from '../env'

/** A stalled object store fails the call instead of holding the request; the SDK retries each call up to 3 times. */
const CONNECTION_TIMEOUT_MS = 5_000
const REQUEST_TIMEOUT_MS = 30_000
const MAX_ATTEMPTS = 3

/** The AWS SDK client settings for the media bucket, shared by the storage plugin and the start-up check. */
export const s3ClientConfig = (settings: S3Settings, maxAttempts = MAX_ATTEMPTS): S3ClientConfig => ({
  credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  endpoint: settings.endpoint,
  forcePathStyle: settings.forcePathStyle,
  maxAttempts,
  region: settings.region,
  requestHandler: {
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    requestTimeout: REQUEST_TIMEOUT_MS,
    httpAgent: { keepAlive: true, maxSockets: 100 },
    httpsAgent: { keepAlive: true, maxSockets: 100 },
  },
})
