import fs from 'node:fs'
import path from 'node:path'

import { fileDigest } from './fileDigest'
import { type FileRecord, MEDIA_FOLDER } from './manifest'

/** Every regular file under the media folder, as paths relative to it with `/` separators (none if it does not exist). */
export const listMediaFiles = (mediaDir: string): string[] => {
  if (!fs.existsSync(mediaDir)) return []
  return fs
    .readdirSync(mediaDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(mediaDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort()
}

/**
 * The manifest records of the media files. A file deleted between the listing and its reading is left out: it was
 * removed after the database snapshot, so the archive only misses a file whose record was deleted too.
 */
export const describeMediaFiles = async (mediaDir: string): Promise<FileRecord[]> => {
  const records: FileRecord[] = []
  for (const relative of listMediaFiles(mediaDir)) {
    try {
      records.push({ path: `${MEDIA_FOLDER}/${relative}`, ...(await fileDigest(path.join(mediaDir, relative))) })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
  }
  return records
}
