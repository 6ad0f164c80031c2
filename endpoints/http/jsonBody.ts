import { Readable } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import zlib from 'node:zlib'

import { jsonShapeProblem } from '../../lib/jsonShape'
import { NUL_MESSAGE } from '../../lib/nulCharacters'
import { firstPathWhere } from '../../lib/valuePaths'
import { ApiError } from './apiError'
import type { ApiContext } from './requestTypes'

// Refused before the body was read: the connection closes after the answer, so no next request is sent on it while the
// rest of this body is being discarded (which closed it under that request).
const tooLarge = () => new ApiError('PAYLOAD_TOO_LARGE', 'Request body is too large', undefined, { Connection: 'close' })
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

/** No body of the contract nests more than a few levels or holds more than a few hundred values (elements, members). */
const CONTRACT_SHAPE = { maxNesting: 64, maxValues: 10_000 }

/**
 * A `__proto__` key, or a string holding U+0000, anywhere in a parsed body, in one walk. JSON.parse keeps `__proto__`
 * as an own property, but any later copy by assignment (zod's record parsing, a spread into a plain object) turns it
 * into that object's prototype: the key would vanish instead of being refused as an unknown field. Text without an
 * escape (`\u…`) and without `__proto__` holds neither, and is not walked.
 */
const forbiddenValueProblem = (text: string, body: unknown): ApiError | undefined => {
  if (!text.includes('\\u') && !text.includes('__proto__')) return undefined
  let isProtoKey = false
  const keys = firstPathWhere(body, (found) => {
    if (typeof found === 'string') return found.includes('\u0000')
    isProtoKey = found !== null && typeof found === 'object' && Object.hasOwn(found, '__proto__')
    return isProtoKey
  })
  if (!keys) return undefined
  const detail = isProtoKey
    ? { path: [...keys, '__proto__'].join('.'), message: 'Unrecognized key: "__proto__"' }
    : { path: keys.join('.') || '(body)', message: NUL_MESSAGE }
  return new ApiError('VALIDATION_ERROR', 'Invalid request', [detail])
}

const parseJson = (bytes: Buffer): unknown => {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '')
  if (text.trim() === '') return {}
  const shape = jsonShapeProblem(text, CONTRACT_SHAPE)
  if (shape) throw new ApiError('VALIDATION_ERROR', shape)
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new ApiError('VALIDATION_ERROR', 'Request body is not valid JSON')
  }
  const problem = forbiddenValueProblem(text, body)
  if (problem) throw problem
  return body
}

/**
 * JSON bodies only: a POST/PUT/PATCH carrying a body must say `Content-Type: application/json` (else 415) and stay
 * under `limit` bytes (else 413); malformed JSON is a 400, and so is a `__proto__` key or a U+0000 at any depth. A
 * request without a body gets `{}`. The parsed body becomes the context's `body`. Returns a promise only when a body
 * is read, so that a request without one goes on in the same turn (endpoints/http/plumbing.ts).
 */
export const readJsonBody = (c: ApiContext, limit: number): Promise<void> | undefined => {
  const { method } = c.req
  if (method !== 'POST' && method !== 'PUT' && method !== 'PATCH') return undefined
  const request = c.req.raw
  if (!hasBody(request.headers)) {
    c.set('body', {})
    return undefined
  }
  const problem = contentTypeProblem(request.headers.get('content-type'))
  if (problem) throw problem
  return readBody(request, limit).then((bytes) => c.set('body', parseJson(bytes)))
}
