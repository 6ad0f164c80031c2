import fs from 'node:fs'
import path from 'node:path'

import * as tar from 'tar'

import { type Manifest, MANIFEST_PATH, MEDIA_FOLDER } from './manifest'

/**
 * Writes the archive: a gzipped tar of manifest.json, the database snapshot and the media files, streamed from
 * disk. `staging` holds the snapshot under `database/`; the media folder is reached through a `media` link in it,
 * so the entries are exactly the manifest's paths (the link itself is not stored), manifest.json first: a restore
 * reads and checks it before any other entry. Written to `<output>.partial` and renamed, so `output` only ever
 * holds a whole archive.
 */
export const writeArchive = async (output: string, staging: string, manifest: Manifest, mediaDir: string): Promise<void> => {
  fs.writeFileSync(path.join(staging, MANIFEST_PATH), `${JSON.stringify(manifest, null, 2)}\n`)
  if (manifest.media.files.length > 0) fs.symlinkSync(mediaDir, path.join(staging, MEDIA_FOLDER), 'dir')
  const partial = `${output}.partial`
  try {
    // Owner-only: the archive holds password hashes, email addresses and webhook signing secrets.
    await tar.create({ gzip: true, file: partial, mode: 0o600, cwd: staging, portable: true, noDirRecurse: true, strict: true }, [
      MANIFEST_PATH,
      manifest.database.path,
      ...manifest.media.files.map((file) => file.path),
    ])
    fs.renameSync(partial, output)
  } finally {
    fs.rmSync(partial, { force: true })
  }
}
