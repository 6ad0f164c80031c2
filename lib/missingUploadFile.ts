import fs from 'node:fs/promises'
import path from 'node:path'

import { NotFound, type PayloadRequest } from 'payload'

type FileParams = { params: { collection: string; filename: string } }

/** What a name that leads to no file gets: none there, a file on the way (`a.png/x`), a name longer than the system takes. */
const NO_SUCH_FILE = new Set(['ENOENT', 'ENOTDIR', 'ENAMETOOLONG'])

const isMissing = async (file: string): Promise<boolean> =>
  fs.stat(file).then(
    (stats) => !stats.isFile(),
    (error: NodeJS.ErrnoException) => NO_SUCH_FILE.has(error.code ?? ''),
  )

/**
 * An upload handler that refuses a file missing from the collection's folder on disk with Payload's 404, where
 * Payload's own handler answers 500 ("Something went wrong."). It runs before Payload's, which serves every file
 * that exists (and refuses a name outside the folder); with cloud storage on (`disableLocalStorage`) it steps aside
 * for the storage's handler (storage-s3 answers a missing object 404 itself).
 */
export const refuseMissingUploadFile = async (req: PayloadRequest, { params }: FileParams): Promise<void> => {
  const upload = req.payload.config.collections.find((collection) => collection.slug === params.collection)?.upload
  if (!upload || upload.disableLocalStorage || !upload.staticDir) return
  const folder = path.resolve(upload.staticDir)
  const file = path.resolve(folder, params.filename)
  if (file.startsWith(folder + path.sep) && (await isMissing(file))) throw new NotFound(req.t)
}
