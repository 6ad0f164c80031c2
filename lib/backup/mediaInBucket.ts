import type { S3Settings } from '../env'
import { BackupError } from './backupError'
import type { Manifest } from './manifest'

export type MediaBucket = NonNullable<Manifest['media']['bucket']>

/** The bucket a backup records when media are on S3: the archive then holds the database only. */
export const bucketOf = (s3: S3Settings | undefined): MediaBucket | undefined =>
  s3 ? { name: s3.bucket, ...(s3.endpoint ? { endpoint: s3.endpoint } : {}) } : undefined

const describeBucket = (bucket: MediaBucket) => `S3 bucket "${bucket.name}"${bucket.endpoint ? ` at ${bucket.endpoint}` : ''}`

/** What backup and restore print about media that live in a bucket: where they are, and that the archive lacks them. */
export const bucketNote = (bucket: MediaBucket) =>
  `not in the archive: media are in the ${describeBucket(bucket)}; back the bucket up with the object store's own tools (docs/backups.md)`

/**
 * Refuses to restore where the media would not match the database: an archive of media on S3 into a service
 * without S3_BUCKET (the records would point at files that are nowhere), or an archive holding media files into
 * a service that serves media from a bucket (the files would go to a folder nothing reads).
 */
export const checkMediaStorageMatches = (manifest: Manifest, s3: S3Settings | undefined) => {
  const archived = manifest.media.bucket
  if (archived && !s3) {
    throw new BackupError(
      `This archive was made with media on the ${describeBucket(archived)} and holds none of them, but S3_BUCKET is not set. Nothing was changed. Set the S3_* variables to that bucket (or a copy of it) and restore again.`,
    )
  }
  if (!archived && s3 && manifest.media.files.length > 0) {
    throw new BackupError(
      `This archive holds ${manifest.media.files.length} media files, but S3_BUCKET is set, so they would not be served. Nothing was changed. Restore without the S3_* variables, or copy the archive's media/ folder into the bucket first and restore with S3 (docs/backups.md).`,
    )
  }
}
