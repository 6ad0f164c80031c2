import fs from 'node:fs'
import path from 'node:path'

import * as tar from 'tar'

import { BackupError } from './backupError'
import { fileDigest } from './fileDigest'
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  DATABASE_FOLDER,
  DATABASE_SNAPSHOTS,
  type Manifest,
  MANIFEST_PATH,
  manifestSchema,
  MEDIA_FOLDER,
} from './manifest'

const FILE_TYPES = new Set(['File', 'OldFile', 'ContiguousFile'])

/** Only plain files and folders under the archive's three places; never links, devices or paths leaving the folder. */
const isAllowedEntry = (entryPath: string, type: string) => {
  const clean = entryPath.replace(/\/+$/, '')
  if (clean.split('/').some((part) => part === '..') || path.isAbsolute(clean)) return false
  if (type === 'Directory') return clean === DATABASE_FOLDER || clean === MEDIA_FOLDER || clean.startsWith(`${MEDIA_FOLDER}/`)
  if (!FILE_TYPES.has(type)) return false
  return clean === MANIFEST_PATH || clean.startsWith(`${DATABASE_FOLDER}/`) || clean.startsWith(`${MEDIA_FOLDER}/`)
}

const filesUnder = (root: string): string[] =>
  fs.existsSync(root)
    ? fs
        .readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(path.dirname(root), path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    : []

const readManifest = (archive: string, staging: string): Manifest => {
  const file = path.join(staging, MANIFEST_PATH)
  if (!fs.existsSync(file)) throw new BackupError(`${archive} is not a backup of this service: it has no ${MANIFEST_PATH}.`)
  let json: unknown
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch {
    throw new BackupError(`${archive} is damaged: its ${MANIFEST_PATH} is not JSON.`)
  }
  const format = (json as { format?: unknown; formatVersion?: unknown } | null) ?? {}
  if (format.format !== ARCHIVE_FORMAT) throw new BackupError(`${archive} is not a backup of this service (its manifest names no "${ARCHIVE_FORMAT}" format).`)
  if (format.formatVersion !== ARCHIVE_FORMAT_VERSION) {
    throw new BackupError(`${archive} has archive format version ${String(format.formatVersion)}; this version of the service reads version ${ARCHIVE_FORMAT_VERSION}.`)
  }
  const parsed = manifestSchema.safeParse(json)
  if (!parsed.success) throw new BackupError(`${archive} is damaged: its manifest is incomplete (${parsed.error.issues[0]?.path.join('.')}).`)
  const manifest = parsed.data
  const misplaced =
    manifest.database.path !== DATABASE_SNAPSHOTS[manifest.database.kind].path ||
    manifest.media.files.some((file) => !file.path.startsWith(`${MEDIA_FOLDER}/`) || !isAllowedEntry(file.path, 'File'))
  if (misplaced) throw new BackupError(`${archive} is damaged: its manifest lists files outside their places.`)
  return manifest
}

/**
 * Unpacks the archive into `staging` (an empty folder) and checks it against its manifest: the format, every file's
 * size and SHA-256, and no file the manifest does not list. Throws a BackupError saying what is wrong; the caller
 * has changed nothing yet.
 */
export const extractArchive = async (archive: string, staging: string): Promise<Manifest> => {
  if (!fs.existsSync(archive)) throw new BackupError(`No such archive: ${archive}`)
  if (!fs.statSync(archive).isFile()) throw new BackupError(`${archive} is not a file.`)
  const refused: string[] = []
  try {
    await tar.extract({
      file: archive,
      cwd: staging,
      strict: true,
      preserveOwner: false,
      filter: (entryPath, entry) => {
        const allowed = isAllowedEntry(entryPath, 'type' in entry ? String(entry.type) : 'File')
        if (!allowed) refused.push(entryPath)
        return allowed
      },
    })
  } catch (error) {
    throw new BackupError(`${archive} is not a readable backup archive (${(error as Error).message}).`)
  }
  if (refused.length > 0) throw new BackupError(`${archive} is not a backup of this service: it holds unexpected entries (${refused.slice(0, 3).join(', ')}).`)

  const manifest = readManifest(archive, staging)
  const listed = [manifest.database, ...manifest.media.files]
  for (const record of listed) {
    const file = path.join(staging, record.path)
    if (!fs.existsSync(file)) throw new BackupError(`${archive} is damaged: ${record.path} is missing.`)
    const digest = await fileDigest(file)
    if (digest.bytes !== record.bytes || digest.sha256 !== record.sha256) {
      throw new BackupError(`${archive} is damaged: ${record.path} does not match its checksum.`)
    }
  }
  const expected = new Set(listed.map((record) => record.path))
  const unlisted = [...filesUnder(path.join(staging, DATABASE_FOLDER)), ...filesUnder(path.join(staging, MEDIA_FOLDER))].filter((file) => !expected.has(file))
  if (unlisted.length > 0) throw new BackupError(`${archive} is damaged: it holds files its manifest does not list (${unlisted.slice(0, 3).join(', ')}).`)
  return manifest
}
