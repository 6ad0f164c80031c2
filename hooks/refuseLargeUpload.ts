import fs from 'node:fs'

import { APIError, type CollectionBeforeOperationHook, type PayloadRequest } from 'payload'

import { isStaff } from '../lib/roles'

type UploadedFile = NonNullable<PayloadRequest['file']> & { tempFilePath?: string }

/** sharp's default `limitInputPixels` (16383 × 16383), which Payload's resizing keeps. */
export const MAX_IMAGE_PIXELS = 0x3fff * 0x3fff

/** An upload refused for its size, before anything is written. Named so that `loggingLevels` logs it as a refusal. */
export class UploadRefusedError extends APIError {
  static readonly errorName: string = 'UploadRefused'

  constructor(message: string, status: number) {
    super(message, status, null, true)
    this.name = UploadRefusedError.errorName
  }
}

// The REST upload parser leaves `size` unset: the bytes are in `data`, or in a temp file when temp files are on.
const sizeOf = (file: UploadedFile): number => {
  if (typeof file.size === 'number') return file.size
  if (file.data?.length) return file.data.length
  return file.tempFilePath ? fs.statSync(file.tempFilePath).size : 0
}

/** Width and height from the image's header; undefined when sharp cannot read it (Payload then reports the file). */
const dimensionsOf = async (req: PayloadRequest, file: UploadedFile) => {
  const sharp = req.payload.config.sharp
  if (!sharp) return undefined
  try {
    const { width, height } = await sharp(file.data?.length ? file.data : file.tempFilePath, { limitInputPixels: false }).metadata()
    return width && height ? { width, height } : undefined
  } catch {
    return undefined
  }
}

/**
 * Refuses an uploaded file over `maxBytes` (413), and an image of more pixels than sharp resizes (400), before
 * Payload reads the image (its resizing runs before validation) and before anything is written. Payload's own
 * answer to the latter was "There was a problem while uploading the file", logged with two stacks. Payload checks
 * access after this hook: a caller who may not upload is left to that refusal, and no image of theirs is read.
 */
export const refuseLargeUpload =
  (maxBytes: number): CollectionBeforeOperationHook =>
  async ({ args, operation, req }) => {
    const file = req.file as UploadedFile | undefined
    if (!file || (operation !== 'create' && operation !== 'update')) return args
    if (!(args as { overrideAccess?: boolean }).overrideAccess && !isStaff(req.user)) return args
    const size = sizeOf(file)
    if (size > maxBytes) {
      throw new UploadRefusedError(`The file is ${(size / 1024 / 1024).toFixed(1)} MB; images may be at most ${maxBytes / 1024 / 1024} MB.`, 413)
    }
    const dimensions = await dimensionsOf(req, file)
    if (dimensions && dimensions.width * dimensions.height > MAX_IMAGE_PIXELS) {
      const { width, height } = dimensions
      throw new UploadRefusedError(`The image is ${width} × ${height} pixels; images may have at most 268 million pixels (16,383 × 16,383).`, 400)
    }
    return args
  }
