import fs from 'node:fs'
import path from 'node:path'

import { selectDatabase } from '../databaseSelection'
import type { ServiceEnv } from '../env'
import { mediaDirOf } from '../mediaDir'
import { writeArchive } from './archiveWriter'
import { BackupError } from './backupError'
import { fileDigest } from './fileDigest'
import { ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION, DATABASE_SNAPSHOTS, type Manifest, type MigrationRecord } from './manifest'
import { bucketOf } from './mediaInBucket'
import { describeMediaFiles } from './mediaFiles'
import { snapshotPostgres } from './postgresSnapshot'
import { sqliteFileOf } from './sqliteFile'
import { snapshotSqlite } from './sqliteSnapshot'
import { refuseUnsupportedDatabase } from './unsupportedDatabase'

export type BackupOptions = { env: ServiceEnv; output: string; overwrite?: boolean }
export type BackupResult = { file: string; bytes: number; manifest: Manifest; milliseconds: number }

/**
 * Backs up the service's database and media into one archive while the service runs. Media on S3 (S3_BUCKET) are
 * not copied: the manifest names the bucket, and the command says so. The database snapshot is taken
 * first, then the media files are read: a file uploaded meanwhile may be in the archive without its record, never
 * the other way round (uploads are never rewritten in place).
 */
export const createBackup = async ({ env, output, overwrite = false }: BackupOptions): Promise<BackupResult> => {
  const started = Date.now()
  const selection = selectDatabase(env.databaseUrl, env.dataDir)
  refuseUnsupportedDatabase(selection.kind, 'back up')
  const file = path.resolve(output)
  if (!fs.existsSync(path.dirname(file))) throw new BackupError(`The folder ${path.dirname(file)} does not exist.`)
  if (fs.existsSync(file) && !overwrite) throw new BackupError(`${file} already exists: choose another name, or pass --force to replace it.`)

  let staging: string
  try {
    staging = fs.mkdtempSync(path.join(path.dirname(file), '.backup-'))
  } catch (error) {
    throw new BackupError(`Cannot write in ${path.dirname(file)}: ${(error as Error).message}`)
  }
  try {
    const snapshot = path.join(staging, DATABASE_SNAPSHOTS[selection.kind].path)
    fs.mkdirSync(path.dirname(snapshot))
    let migrations: MigrationRecord[]
    let tool: string | undefined
    if (selection.kind === 'sqlite') {
      migrations = await snapshotSqlite(sqliteFileOf(selection), snapshot)
    } else {
      ;({ migrations, tool } = await snapshotPostgres(selection.url, snapshot))
    }
    const mediaDir = mediaDirOf(env.dataDir)
    // With S3_BUCKET the media folder is not where media are: the archive records the bucket instead of files.
    const bucket = bucketOf(env.s3)
    const mediaFiles = bucket ? [] : await describeMediaFiles(mediaDir)
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      createdAt: new Date(started).toISOString(),
      database: { kind: selection.kind, path: DATABASE_SNAPSHOTS[selection.kind].path, format: DATABASE_SNAPSHOTS[selection.kind].format, tool, ...(await fileDigest(snapshot)) },
      migrations,
      media: { files: mediaFiles, bytes: mediaFiles.reduce((sum, media) => sum + media.bytes, 0), ...(bucket ? { bucket } : {}) },
    }
    await writeArchive(file, staging, manifest, mediaDir)
    return { file, bytes: fs.statSync(file).size, manifest, milliseconds: Date.now() - started }
  } finally {
    fs.rmSync(staging, { recursive: true, force: true })
  }
}
