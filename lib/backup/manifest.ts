import { z } from 'zod'

/** Marks an archive as this service's backup; the version changes when the layout does. */
export const ARCHIVE_FORMAT = 'blog-portfolio-service-backup'
export const ARCHIVE_FORMAT_VERSION = 1

export const MANIFEST_PATH = 'manifest.json'
export const DATABASE_FOLDER = 'database'
export const MEDIA_FOLDER = 'media'

/** Where each database kind's snapshot sits in the archive, and its format. */
export const DATABASE_SNAPSHOTS = {
  sqlite: { path: `${DATABASE_FOLDER}/content.sqlite`, format: 'sqlite3 (VACUUM INTO)' },
  postgres: { path: `${DATABASE_FOLDER}/postgres.dump`, format: 'pg_dump custom format (-Fc)' },
} as const

export type SnapshotKind = keyof typeof DATABASE_SNAPSHOTS

const fileRecord = z.object({
  path: z.string().min(1),
  bytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
})
export type FileRecord = z.infer<typeof fileRecord>

const migrationRecord = z.object({ name: z.string(), batch: z.number().nullable() })
export type MigrationRecord = z.infer<typeof migrationRecord>

export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.number().int(),
  createdAt: z.string(),
  database: fileRecord.extend({
    kind: z.enum(['sqlite', 'postgres']),
    format: z.string(),
    /** pg_dump's version line for Postgres (a restore needs pg_restore of that major version or newer). */
    tool: z.string().optional(),
  }),
  /** Payload's `payload_migrations` rows at the time of the snapshot. */
  migrations: z.array(migrationRecord),
  media: z.object({
    files: z.array(fileRecord),
    bytes: z.number().int().nonnegative(),
    /** Set when the service stored media on S3 (S3_BUCKET): the archive then holds none of them (docs/backups.md). */
    bucket: z.object({ name: z.string(), endpoint: z.string().optional() }).optional(),
  }),
})

export type Manifest = z.infer<typeof manifestSchema>
