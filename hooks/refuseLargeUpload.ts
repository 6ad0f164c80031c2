import fs from 'node:fs'

import { APIError, type CollectionBeforeOperationHook, type PayloadRequest } from 'payload'
import { getSanitizedUploadFilename } from 'payload/shared'
import type { Metadata } from 'sharp'

import { isStaff } from '../lib/roles'

export type UploadedFile = NonNullable<PayloadRequest['file']> & { tempFilePath?: string }

/** sharp's default `limitInputPixels` (16383 × 16383), which Payload's resizing keeps. */
export const MAX_IMAGE_PIXELS = 0x3fff * 0x3fff

/**
 * The most memory an upload's pixels may take once decoded: width × height × frames × channels × bytes per sample.
 * A 48 MP camera JPEG takes 144 MB (8000 × 6000 × 3), a 48 MP PNG with alpha 192 MB. sharp's pixel limit alone let a
 * 2 MB PNG of 16383 × 16383 pixels at 16 bits RGBA (2,147 MB decoded) through: it took the process from 374 MB to
 * 1,032 MB resident, six at once to 2.5 GB.
 */
export const MAX_DECODED_BYTES = 256 * 1024 * 1024

/** An upload refused for its size, before anything is written. Named so that `loggingLevels` logs it as a refusal. */
export class UploadRefusedError extends APIError {
  static readonly errorName: string = 'UploadRefused'

  constructor(message: string, status: number) {
    super(message, status, null, true)
    this.name = UploadRefusedError.errorName
  }
}

/**
 * The file a create or update carries, when its upload checks apply: Payload checks access after the
 * `beforeOperation` hooks, so a caller who may not upload is left to that refusal and nothing of theirs is read.
 */
export const uploadToCheck = (args: object, operation: string, req: PayloadRequest): UploadedFile | undefined => {
  const file = req.file as UploadedFile | undefined
  if (!file || (operation !== 'create' && operation !== 'update')) return undefined
  if (!(args as { overrideAccess?: boolean }).overrideAccess && !isStaff(req.user)) return undefined
  return file
}

/** The name Payload stores an upload under: without folders and control characters; undefined when none is left (Payload refuses it itself). */
export const storedNameOf = (name: string): string | undefined => {
  try {
    return getSanitizedUploadFilename(name)
  } catch {
    return undefined
  }
}

// The REST upload parser leaves `size` unset: the bytes are in `data`, or in a temp file when temp files are on.
const sizeOf = (file: UploadedFile): number => {
  if (typeof file.size === 'number') return file.size
  if (file.data?.length) return file.data.length
  return file.tempFilePath ? fs.statSync(file.tempFilePath).size : 0
}

/** The image's header (sharp's `metadata()` reads it without decoding); undefined when sharp cannot read it (Payload then reports the file). */
const headerOf = async (req: PayloadRequest, file: UploadedFile): Promise<Metadata | undefined> => {
  const sharp = req.payload.config.sharp
  if (!sharp) return undefined
  try {
    return await sharp(file.data?.length ? file.data : file.tempFilePath, { limitInputPixels: false }).metadata()
  } catch {
    return undefined
  }
}

/** Bytes of one sample of each of libvips' band formats (`metadata().depth`). */
const SAMPLE_BYTES: Record<string, number> = { uchar: 1, char: 1, ushort: 2, short: 2, uint: 4, int: 4, float: 4, complex: 8, double: 8, dpcomplex: 16 }

const sampleBytesOf = (depth: string | undefined): number => SAMPLE_BYTES[depth ?? 'uchar'] ?? 8

/** What the pixels take decoded. Payload reads every frame of an animated GIF or WebP (sharp's `animated`). */
const decodedBytesOf = ({ width = 0, height = 0, pages = 1, channels = 3, depth }: Metadata): number => width * height * pages * channels * sampleBytesOf(depth)

const megabytes = (bytes: number) => Math.ceil(bytes / 1024 / 1024).toLocaleString('en-US')

/**
 * Refuses an uploaded file over `maxBytes` (413), and an image of more pixels than sharp resizes, or whose pixels
 * would take more than MAX_DECODED_BYTES of memory decoded (400), before Payload reads the image (its resizing runs
 * before validation) and before anything is written. Only the image's header is read. Payload's own answer to the
 * former was "There was a problem while uploading the file", logged with two stacks. Payload's `constructorOptions`
 * (sharp's `limitInputPixels`) would not do: it counts pixels, not bytes, Payload does not pass it to the resizing of
 * the sizes, and setting it makes Payload re-encode every original.
 */
export const refuseLargeUpload =
  (maxBytes: number): CollectionBeforeOperationHook =>
  async ({ args, operation, req }) => {
    const file = uploadToCheck(args, operation, req)
    if (!file) return args
    const size = sizeOf(file)
    if (size > maxBytes) {
      throw new UploadRefusedError(`The file is ${(size / 1024 / 1024).toFixed(1)} MB; images may be at most ${maxBytes / 1024 / 1024} MB.`, 413)
    }
    const header = await headerOf(req, file)
    if (!header?.width || !header.height) return args
    const { width, height } = header
    if (width * height > MAX_IMAGE_PIXELS) {
      throw new UploadRefusedError(`The image is ${width} × ${height} pixels; images may have at most 268 million pixels (16,383 × 16,383).`, 400)
    }
    const decoded = decodedBytesOf(header)
    if (decoded > MAX_DECODED_BYTES) {
      throw new UploadRefusedError(
        `The image would take ${megabytes(decoded)} MB of memory to process (${width} × ${height} pixels${(header.pages ?? 1) > 1 ? `, ${header.pages} frames` : ''}, ${header.channels} channels of ${sampleBytesOf(header.depth) * 8} bits); images may take at most ${MAX_DECODED_BYTES / 1024 / 1024} MB.`,
        400,
      )
    }
    return args
  }
