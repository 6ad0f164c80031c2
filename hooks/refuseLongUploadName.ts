import type { CollectionBeforeOperationHook } from 'payload'

import { storedNameOf, UploadRefusedError, uploadToCheck } from './refuseLargeUpload'

/**
 * The longest name, in UTF-8 bytes, an upload may be stored under. File systems take 255 bytes per name; the rest
 * is room for what Payload adds: a `-1` (`-2`, …) when the name is taken, and the size names (`<name>-400x267.webp`).
 * A name of 246 × `y` + `.png` passed Payload, wrote the original, failed on the size files with ENAMETOOLONG (logged
 * at error with the storage path and a stack) and left the original on disk with no record of it.
 */
export const MAX_UPLOAD_NAME_BYTES = 200

/** Refuses an upload whose file name is longer than MAX_UPLOAD_NAME_BYTES (400), before anything is written. */
export const refuseLongUploadName: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  const file = uploadToCheck(args, operation, req)
  const name = file && storedNameOf(file.name)
  if (!name) return args
  const bytes = Buffer.byteLength(name, 'utf8')
  if (bytes > MAX_UPLOAD_NAME_BYTES) {
    throw new UploadRefusedError(
      `The file name is ${bytes} bytes long; file names may be at most ${MAX_UPLOAD_NAME_BYTES} bytes (UTF-8: an accented letter takes 2). Rename the file and upload it again.`,
      400,
    )
  }
  return args
}
