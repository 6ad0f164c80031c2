import fs from 'node:fs'
import path from 'node:path'

import { selectDatabase } from '../databaseSelection'
import type { ServiceEnv } from '../env'
import { mediaDirOf } from '../mediaDir'
import { checkArchive, unpackArchive } from './archiveReader'
import { BackupError } from './backupError'
import { type Manifest, MEDIA_FOLDER } from './manifest'
import { checkMediaStorageMatches } from './mediaInBucket'
import { listMediaFiles } from './mediaFiles'
import { replaceMediaFolder } from './mediaRestore'
import { findPostgresBinDir } from './postgresTools'
import { inspectPostgresTarget, restorePostgres } from './postgresTarget'
import { sqliteFileOf } from './sqliteFile'
import { checkSqliteIntegrity } from './sqliteIntegrity'
import { inspectSqliteTarget, replaceSqliteDatabase } from './sqliteTarget'
import { type TargetContents, whyNotEmpty } from './targetContents'
import { refuseUnsupportedDatabase } from './unsupportedDatabase'

export type RestoreOptions = { env: ServiceEnv; archive: string; force?: boolean }
export type RestoreResult = { manifest: Manifest; replacedContent: boolean; milliseconds: number }

/** Refuses a target that holds content (database rows or media files) unless `force`; says whether content goes. */
const checkTargetIsEmpty = (contents: TargetContents, mediaDir: string | undefined, force: boolean): boolean => {
  const mediaCount = mediaDir ? listMediaFiles(mediaDir).length : 0
  const reasons = [whyNotEmpty(contents), mediaCount > 0 ? `the media folder ${mediaDir} holds ${mediaCount} files` : undefined].filter(Boolean)
  if (reasons.length > 0 && !force) {
    throw new BackupError(`The target is not empty: ${reasons.join('; ')}. Nothing was changed. Pass --force to replace it with the archive.`)
  }
  return reasons.length > 0
}

/**
 * Restores an archive into the database DATABASE_URL selects and the media folder under DATA_DIR. The archive is
 * first read in full and checked against its manifest without writing anything (archiveReader.ts), then unpacked
 * into a folder inside the data folder, every rule checked again; the target must be empty (see targetContents.ts)
 * unless `force`, and no other process may be using it. The database is replaced in one step (SQLite: a rename;
 * Postgres: one transaction), then the media folder (renames). With S3_BUCKET, media stay in the bucket: the
 * archive must be one made with media on S3 (mediaInBucket.ts), and no media folder is touched.
 */
export const restoreBackup = async ({ env, archive, force = false }: RestoreOptions): Promise<RestoreResult> => {
  const started = Date.now()
  const selection = selectDatabase(env.databaseUrl, env.dataDir)
  refuseUnsupportedDatabase(selection.kind, 'restore')
  const file = path.resolve(archive)
  const checked = await checkArchive(file)
  if (checked.manifest.database.kind !== selection.kind) {
    throw new BackupError(
      `${file} holds a ${checked.manifest.database.kind} database, but DATABASE_URL selects ${selection.kind}: restoring across database kinds is not supported.`,
    )
  }
  checkMediaStorageMatches(checked.manifest, env.s3)

  fs.mkdirSync(env.dataDir, { recursive: true })
  const staging = fs.mkdtempSync(path.join(env.dataDir, '.restore-'))
  try {
    const manifest = await unpackArchive(file, staging, checked)
    const restoredDatabase = path.join(staging, manifest.database.path)
    // Media in a bucket stay there: the local folder is neither checked nor replaced.
    const mediaDir = env.s3 ? undefined : mediaDirOf(env.dataDir)
    let replacedContent: boolean
    if (selection.kind === 'sqlite') {
      await checkSqliteIntegrity(restoredDatabase)
      const target = sqliteFileOf(selection)
      replacedContent = checkTargetIsEmpty(await inspectSqliteTarget(target), mediaDir, force)
      replaceSqliteDatabase(restoredDatabase, target)
    } else {
      const binDir = findPostgresBinDir()
      const target = await inspectPostgresTarget(binDir, selection.url)
      replacedContent = checkTargetIsEmpty(target, mediaDir, force)
      await restorePostgres(binDir, selection.url, restoredDatabase, target.schemas)
    }
    if (mediaDir) replaceMediaFolder(path.join(staging, MEDIA_FOLDER), mediaDir, staging)
    return { manifest, replacedContent, milliseconds: Date.now() - started }
  } finally {
    fs.rmSync(staging, { recursive: true, force: true })
  }
}
