import { Readable } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import zlib from 'node:zlib'

import { NUL_MESSAGE, nulCharacterPath } from '../../lib/nulCharacters'
import { firstPathWhere } from '../../lib/valuePaths'
import { ApiError } from './apiError'
import type { ApiMiddleware } from './requestTypes'

const tooLarge = () => new ApiError('PAYLOAD_TOO_LARGE', 'Request body is too large')
const unreadable = (message = 'Request body could not be read') => new ApiError('VALIDATION_ERROR', message)

const DECOMPRESSORS: Record<string, () => zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress> = {
  gzip: () => zlib.createGunzip(),
  'x-gzip': () => zlib.createGunzip(),
  deflate: () => zlib.createInflate(),
  br: () => zlib.createBrotliDecompress(),
}

/**
 * The body's bytes, inflated as `Content-Encoding` says (gzip, deflate, br), at most `limit` of them after
 * inflating: a larger body is a 413 as soon as it is known to be one (from `Content-Length` before anything is read).
 */
const readBody = async (request: Request, limit: number): Promise<Buffer> => {
  const encoding = (request.headers.get('content-encoding') ?? 'identity').trim().toLowerCase()
  const decompressor = encoding === 'identity' ? undefined : DECOMPRESSORS[encoding]
  if (encoding !== 'identity' && !decompressor) throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Request body encoding is not supported')
  const declared = Number(request.headers.get('content-length') ?? Number.NaN)
  if (!decompressor && declared > limit) throw tooLarge()
  if (!request.body) return Buffer.alloc(0)
  const raw = Readable.fromWeb(request.body as NodeReadableStream)
  const stream = decompressor ? raw.pipe(decompressor()) : raw
  if (decompressor) raw.on('error', (error) => stream.destroy(error))
  const chunks: Buffer[] = []
  let size = 0
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length
      if (size > limit) {
        stream.destroy()
        raw.destroy()
        throw tooLarge()
      }
      chunks.push(chunk)
    }
  } catch (error) {
    if (error instanceof ApiError) throw error
    throw decompressor ? unreadable('Request body could not be decompressed') : unreadable()
  }
  return Buffer.concat(chunks, size)
}

const hasBody = (headers: Headers): boolean =>
  headers.has('transfer-encoding') || (headers.has('content-length') && headers.get('content-length') !== '0')

/** `application/json` (any parameters), and a UTF-8 charset if one is named. */
const contentTypeProblem = (contentType: string | null): ApiError | undefined => {
  const [type = '', ...parameters] = (contentType ?? '').split(';')
  if (type.trim().toLowerCase() !== 'application/json') {
    return new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Request bodies must be JSON (Content-Type: application/json)')
  }
  const charset = parameters
    .map((parameter) => parameter.trim().toLowerCase())
    .find((parameter) => parameter.startsWith('charset='))
    ?.slice('charset='.length)
    .replace(/^"(.*)"$/, '$1')
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    return new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Request body encoding is not supported')
  }
  return undefined
}

/**
 * Where a `__proto__` key sits in a parsed body, if anywhere. JSON.parse keeps it as an own property, but any later
 * copy by assignment (zod's record parsing, a spread into a plain object) turns it into that object's prototype: the
 * key would vanish instead of being refused as an unknown field.
 */
const protoKeyPath = (body: unknown): string | undefined => {
  const keys = firstPathWhere(body, (found) => found !== null && typeof found === 'object' && Object.hasOwn(found, '__proto__'))
  return keys && [...keys, '__proto__'].join('.')
}

const parseJson = (bytes: Buffer): unknown => {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '')
  if (text.trim() === '') return {}
  try {
    return JSON.parse(text)
  } catch {
    throw new ApiError('VALIDATION_ERROR', 'Request body is not valid JSON')
  }
}

/**
 * JSON bodies only: a POST/PUT/PATCH carrying a body must say `Content-Type: application/json` (else 415) and stay
 * under `limit` bytes (else 413); malformed JSON is a 400, and so is a `__proto__` key or a U+0000 at any depth. A
 * request without a body gets `{}`. The parsed body is the context's `body`; one parsed by a jsonBody with a route's
 * own limit is left as it is.
 */
export const jsonBody =
  (limit: number): ApiMiddleware =>
  async (c, next) => {
    const { method } = c.req
    // A route with a limit of its own parsed it already.
    if ((method !== 'POST' && method !== 'PUT' && method !== 'PATCH') || c.get('body') !== undefined) return next()
    const request = c.req.raw
    if (!hasBody(request.headers)) {
      c.set('body', {})
      return next()
    }
    const problem = contentTypeProblem(request.headers.get('content-type'))
    if (problem) throw problem
    const body = parseJson(await readBody(request, limit))
    const path = protoKeyPath(body)
    if (path) throw new ApiError('VALIDATION_ERROR', 'Invalid request', [{ path, message: 'Unrecognized key: "__proto__"' }])
    const nulPath = nulCharacterPath(body)
    if (nulPath !== undefined) throw new ApiError('VALIDATION_ERROR', 'Invalid request', [{ path: nulPath || '(body)', message: NUL_MESSAGE }])
    c.set('body', body)
    await next()
  }
