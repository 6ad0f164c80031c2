import { DATABASE_SNAPSHOTS, type FileRecord, type Manifest, MANIFEST_PATH, MEDIA_FOLDER } from './manifest'

/** A manifest larger than this is not one `npm run backup` wrote (about 150 bytes per media file). */
export const MAX_MANIFEST_BYTES = 64 * 1024 * 1024

/** Modes of everything a restore writes, whatever the archive says. */
export const FILE_MODE = 0o644
export const FOLDER_MODE = 0o755

const FILE_TYPES = new Set(['File', 'OldFile', 'ContiguousFile'])
const SPECIAL_BITS = 0o7000

/** An archive entry as its tar header describes it. */
export type EntryHeader = { path: string; type: string; size: number; mode?: number }

/** What to do with an entry after the manifest: write the listed file, pass a folder of listed files, or stop. */
export type EntryVerdict = { write: FileRecord } | { folder: string } | { refuse: string }

const folderOf = (file: string) => file.slice(0, Math.max(0, file.lastIndexOf('/')))

/** A path made of plain names: no empty part, no `.` or `..`, no NUL, not absolute. */
const isPlainPath = (file: string) => !file.includes('\0') && file.split('/').every((part) => part !== '' && part !== '.' && part !== '..')

/** Why the manifest's file list cannot be restored as it is, or undefined when every path has its place. */
export const manifestPathProblem = (manifest: Manifest): string | undefined => {
  if (manifest.database.path !== DATABASE_SNAPSHOTS[manifest.database.kind].path) return `the database is listed as ${manifest.database.path}`
  const paths = [manifest.database.path, ...manifest.media.files.map((file) => file.path)]
  const seen = new Set<string>()
  for (const file of paths) {
    if (file !== manifest.database.path && (!file.startsWith(`${MEDIA_FOLDER}/`) || !isPlainPath(file))) return `${JSON.stringify(file)} is outside its place`
    if (seen.has(file)) return `${file} is listed twice`
    seen.add(file)
  }
  // A file listed as the folder of another could not be written.
  for (const file of paths) {
    for (let folder = folderOf(file); folder !== ''; folder = folderOf(folder)) {
      if (seen.has(folder)) return `${folder} is listed both as a file and as a folder`
    }
  }
  return undefined
}

/** The folders a restore creates: every folder of a listed file. */
export const foldersOf = (manifest: Manifest): Set<string> => {
  const folders = new Set<string>()
  for (const { path } of [manifest.database, ...manifest.media.files]) {
    for (let folder = folderOf(path); folder !== ''; folder = folderOf(folder)) folders.add(folder)
  }
  return folders
}

/** The first entry must be the manifest, as `npm run backup` writes it: checked before any other entry is read. */
export const manifestEntryProblem = (entry: EntryHeader): string | undefined => {
  if (entry.path !== MANIFEST_PATH || !FILE_TYPES.has(entry.type)) return `it has no ${MANIFEST_PATH} as its first entry`
  if (entry.size > MAX_MANIFEST_BYTES) return `its ${MANIFEST_PATH} is ${entry.size} bytes, more than a manifest holds`
  return undefined
}

const describeType = (type: string) =>
  ({ SymbolicLink: 'a symbolic link', Link: 'a hard link', CharacterDevice: 'a device', BlockDevice: 'a device', FIFO: 'a FIFO' })[type] ??
  `an entry of type ${type}`

/**
 * Judges one entry after the manifest: a plain file the manifest lists, not seen before, of exactly the listed size
 * (the size is known from the header, before any byte is read), or a folder of such files. Anything else (an
 * unlisted path, a link, a device, a FIFO, a setuid, setgid or sticky bit) stops the restore.
 */
export const judgeEntry = (entry: EntryHeader, listed: Map<string, FileRecord>, folders: Set<string>, written: Set<string>): EntryVerdict => {
  const name = entry.type === 'Directory' ? entry.path.replace(/\/+$/, '') : entry.path
  if (((entry.mode ?? 0) & SPECIAL_BITS) !== 0) return { refuse: `${name} has a setuid, setgid or sticky bit (mode ${(entry.mode ?? 0).toString(8)})` }
  if (entry.type === 'Directory') return folders.has(name) ? { folder: name } : { refuse: `it holds a folder its manifest does not list (${name})` }
  if (!FILE_TYPES.has(entry.type)) return { refuse: `${name} is ${describeType(entry.type)}: a backup holds only files and folders` }
  const record = listed.get(name)
  if (!record) return { refuse: `it holds a file its manifest does not list (${name})` }
  if (written.has(name)) return { refuse: `it holds ${name} twice` }
  if (entry.size !== record.bytes) return { refuse: `${name} is ${entry.size} bytes, but its manifest says ${record.bytes}` }
  return { write: record }
}
