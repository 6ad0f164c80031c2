import type { IncomingMessage } from 'node:http'
import { Transform } from 'node:stream'

import { MEDIA_MAX_BYTES } from '../collections/Media'

/**
 * How large a body /cms-api reads. Payload reads a body whole, and parses JSON whole, before it checks anything:
 * a 25 MB JSON object of small keys ran the service out of memory, as did a 3.7 MB GraphQL query of 200,000 aliases.
 * Uploads (multipart) carry a Media file of up to MEDIA_MAX_BYTES; JSON holds a document, whose rich text for the
 * longest content the editor takes is a few MB; GraphQL queries are small, and 1 MB of aliases answers in a second.
 */
export const CMS_API_BODY_LIMITS = { multipart: MEDIA_MAX_BYTES + 1024 * 1024, graphql: 1024 * 1024, other: 4 * 1024 * 1024 }

const TOO_LARGE = 'Request body is too large'

/** The largest body a request may send, and what a larger one is told. */
export const bodyLimitFor = (req: IncomingMessage, isGraphql: boolean): { limit: number; message: string } => {
  if (isGraphql) return { limit: CMS_API_BODY_LIMITS.graphql, message: TOO_LARGE }
  if (!/^multipart\//i.test(req.headers['content-type'] ?? '')) return { limit: CMS_API_BODY_LIMITS.other, message: TOO_LARGE }
  return { limit: CMS_API_BODY_LIMITS.multipart, message: `${TOO_LARGE}: images may be at most ${MEDIA_MAX_BYTES / 1024 / 1024} MB.` }
}

class BodyTooLargeError extends Error {
  constructor() {
    super(TOO_LARGE)
    this.name = 'BodyTooLargeError'
  }
}

/**
 * The request's body, passed on as it arrives, that fails with BodyTooLargeError past `limit` bytes: the declared
 * Content-Length is checked before anything is read, a chunked body as it streams.
 */
export const limitedBody = (req: IncomingMessage, limit: number, onTooLarge: () => void): Transform => {
  let seen = 0
  const limited = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length
      if (seen > limit) {
        onTooLarge()
        done(new BodyTooLargeError())
        return
      }
      done(null, chunk)
    },
  })
  req.on('error', (error) => limited.destroy(error))
  return req.pipe(limited)
}

/** Whether the declared length already says the body is too large. */
export const declaresTooLarge = (req: IncomingMessage, limit: number): boolean => Number(req.headers['content-length'] ?? 0) > limit
