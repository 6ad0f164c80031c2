import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import * as tar from 'tar'

import { FILE_MODE, FOLDER_MODE, foldersOf, judgeEntry, manifestEntryProblem, manifestPathProblem } from './archiveRules'
import { BackupError } from './backupError'
import { byteSize } from './byteSize'
import { ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION, type FileRecord, type Manifest, MANIFEST_PATH, manifestSchema } from './manifest'

/** An archive read in full and found sound: its manifest, and the manifest's digest to know it again. */
export type CheckedArchive = { manifest: Manifest; manifestSha256: string }

// Pax headers of the names a backup holds are small; a larger one is no header `npm run backup` wrote.
const MAX_META_ENTRY_BYTES = 64 * 1024

const parseManifest = (archive: string, text: string): Manifest => {
  let json: unknown
  try {
    json = JSON.parse(text)
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
  const problem = manifestPathProblem(parsed.data)
  if (problem) throw new BackupError(`${archive} is damaged: its manifest lists files outside their places (${problem}).`)
  return parsed.data
}

/** Creates `folder` (a `/` path below `root`) and the folders above it, each with FOLDER_MODE. */
const makeFolders = (root: string, folder: string) => {
  let current = root
  for (const part of folder.split('/').filter(Boolean)) {
    current = path.join(current, part)
    try {
      fs.mkdirSync(current, FOLDER_MODE)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    fs.chmodSync(current, FOLDER_MODE)
  }
}

/** A new plain file with FILE_MODE whatever the umask; never through a link, never over an existing file. */
const createFile = (root: string, relative: string): number => {
  makeFolders(root, path.posix.dirname(relative) === '.' ? '' : path.posix.dirname(relative))
  const { O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW } = fs.constants
  const descriptor = fs.openSync(path.join(root, relative), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, FILE_MODE)
  fs.fchmodSync(descriptor, FILE_MODE)
  return descriptor
}

const writeAll = (descriptor: number, chunk: Buffer) => {
  for (let offset = 0; offset < chunk.length; ) offset += fs.writeSync(descriptor, chunk, offset)
}

/**
 * One pass over the archive, as a stream: the manifest must be the first entry and is checked before any other
 * entry is read; then every entry is judged by its header (archiveRules.ts) before its first byte, and every file's
 * bytes are counted and hashed as they come. With `into`, listed files are written there (FILE_MODE, folders
 * FOLDER_MODE); without, nothing is written anywhere. The first problem stops the pass: a BackupError.
 */
const readArchive = async (archive: string, into?: string): Promise<CheckedArchive> => {
  let failure: BackupError | undefined
  let checked: CheckedArchive | undefined
  let listed = new Map<string, FileRecord>()
  let folders = new Set<string>()
  const seen = new Set<string>()
  const complete = new Set<string>()
  let open: number | undefined

  const parser = new tar.Parser({ strict: true, maxMetaEntrySize: MAX_META_ENTRY_BYTES })
  const stop = (error: BackupError) => {
    failure ??= error
    parser.abort(error)
  }
  const refuse = (reason: string) => stop(new BackupError(`${archive} cannot be restored: ${reason}. Nothing was changed.`))
  parser.on('error', (error: Error) => {
    failure ??= new BackupError(`${archive} is not a readable backup archive (${error.message}).`)
  })
  parser.on('ignoredEntry', (entry: tar.ReadEntry) => {
    refuse(`${entry.path} is an entry of type ${entry.type}: a backup holds only files and folders`)
  })

  const readManifestEntry = (entry: tar.ReadEntry) => {
    const problem = manifestEntryProblem(entry)
    if (problem) return stop(new BackupError(`${archive} is not a backup of this service: ${problem}.`))
    const chunks: Buffer[] = []
    entry.on('end', () => {
      if (failure) return
      const text = Buffer.concat(chunks)
      try {
        const manifest = parseManifest(archive, text.toString('utf8'))
        listed = new Map([manifest.database, ...manifest.media.files].map((record) => [record.path, record]))
        folders = foldersOf(manifest)
        checked = { manifest, manifestSha256: createHash('sha256').update(text).digest('hex') }
      } catch (error) {
        stop(error instanceof BackupError ? error : new BackupError(String(error)))
      }
    })
    entry.on('data', (chunk: Buffer) => chunks.push(chunk))
  }

  const readFileEntry = (entry: tar.ReadEntry, record: FileRecord) => {
    seen.add(record.path)
    const hash = createHash('sha256')
    let bytes = 0
    if (into) {
      try {
        open = createFile(into, record.path)
      } catch (error) {
        return stop(new BackupError(`Could not write ${record.path} into ${into}: ${(error as Error).message}. Nothing was changed.`))
      }
    }
    entry.on('end', () => {
      if (open !== undefined) fs.closeSync(open)
      open = undefined
      if (failure) return
      if (bytes !== record.bytes || hash.digest('hex') !== record.sha256) return stop(new BackupError(`${archive} is damaged: ${record.path} does not match its checksum.`))
      complete.add(record.path)
    })
    entry.on('data', (chunk: Buffer) => {
      if (failure) return
      bytes += chunk.length
      if (bytes > record.bytes) return refuse(`${record.path} holds more than the ${record.bytes} bytes its manifest lists`)
      hash.update(chunk)
      if (open === undefined) return
      try {
        writeAll(open, chunk)
      } catch (error) {
        stop(new BackupError(`Could not write ${record.path} into ${into}: ${(error as Error).message}. Nothing was changed.`))
      }
    })
  }

  parser.on('entry', (entry: tar.ReadEntry) => {
    if (failure) return entry.resume()
    if (!checked) return readManifestEntry(entry)
    const verdict = judgeEntry(entry, listed, folders, seen)
    if ('refuse' in verdict) return refuse(verdict.refuse)
    if ('folder' in verdict) return entry.resume()
    readFileEntry(entry, verdict.write)
  })

  const stream = fs.createReadStream(archive)
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      parser.write(chunk)
      if (failure) break
    }
    if (!failure) {
      await new Promise<void>((resolve) => {
        parser.on('end', resolve)
        parser.on('error', () => resolve())
        parser.end()
      })
    }
  } finally {
    stream.destroy()
    if (open !== undefined) fs.closeSync(open)
  }
  if (failure) throw failure
  if (!checked) throw new BackupError(`${archive} is not a backup of this service: it has no ${MANIFEST_PATH}.`)
  const missing = [...listed.keys()].filter((file) => !complete.has(file))
  if (missing.length > 0) throw new BackupError(`${archive} is damaged: ${missing.slice(0, 3).join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing.`)
  return checked
}

/**
 * Reads the whole archive and checks it against its manifest (format, every entry's type, mode and size, every
 * file's SHA-256, no unlisted entry) without writing anything. Throws a BackupError saying what is wrong.
 */
export const checkArchive = async (archive: string): Promise<CheckedArchive> => {
  if (!fs.existsSync(archive)) throw new BackupError(`No such archive: ${archive}`)
  if (!fs.statSync(archive).isFile()) throw new BackupError(`${archive} is not a file.`)
  return readArchive(archive)
}

/**
 * Unpacks an archive checkArchive found sound into `staging` (an empty folder), checking every rule again as it
 * writes (the file could have changed since), and that it is still the same archive. Refuses when the file system
 * has less room than the listed files need.
 */
export const unpackArchive = async (archive: string, staging: string, checked: CheckedArchive): Promise<Manifest> => {
  const { database, media } = checked.manifest
  const needed = [database, ...media.files].reduce((sum, file) => sum + file.bytes, 0)
  const { bavail, bsize } = fs.statfsSync(staging)
  if (needed > bavail * bsize) {
    throw new BackupError(`${archive} holds ${byteSize(needed)} of files, but ${path.dirname(staging)} has ${byteSize(bavail * bsize)} free. Nothing was changed.`)
  }
  const again = await readArchive(archive, staging)
  if (again.manifestSha256 !== checked.manifestSha256) throw new BackupError(`${archive} changed while it was being restored. Nothing was changed.`)
  return again.manifest
}
