import fs from 'node:fs'

import { APIError, type CollectionBeforeValidateHook, type PayloadRequest } from 'payload'

type UploadedFile = NonNullable<PayloadRequest['file']> & { tempFilePath?: string }

// The REST upload parser leaves `size` unset: the bytes are in `data`, or in a temp file when temp files are on.
const sizeOf = (file: UploadedFile): number => {
  if (typeof file.size === 'number') return file.size
  if (file.data?.length) return file.data.length
  return file.tempFilePath ? fs.statSync(file.tempFilePath).size : 0
}

/** Refuses an uploaded file over `maxBytes` with a 413 before anything is written. */
export const refuseLargeUpload =
  (maxBytes: number): CollectionBeforeValidateHook =>
  ({ data, req }) => {
    const size = req.file ? sizeOf(req.file as UploadedFile) : 0
    if (size > maxBytes) {
      throw new APIError(`The file is ${(size / 1024 / 1024).toFixed(1)} MB; images may be at most ${maxBytes / 1024 / 1024} MB.`, 413, null, true)
    }
    return data
  }
