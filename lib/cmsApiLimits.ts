import { MEDIA_MAX_BYTES } from '../collections/Media'

/**
 * How large a body /cms-api reads. Payload reads a body whole, and parses JSON whole, before it checks anything:
 * a 25 MB JSON object of small keys ran the service out of memory, as did a 3.7 MB GraphQL query of 200,000 aliases.
 * Uploads (multipart) carry a Media file of up to MEDIA_MAX_BYTES; JSON holds a document, whose rich text for the
 * longest content the editor takes is a few MB; GraphQL queries are small, and 1 MB of aliases answers in a second.
 */
export const CMS_API_BODY_LIMITS = { multipart: MEDIA_MAX_BYTES + 1024 * 1024, graphql: 1024 * 1024, other: 4 * 1024 * 1024 }

const TOO_LARGE = 'Request body is too large'

/**
 * What Payload's read of a body cut at its limit throws. Named (not by its class, which a minifier renames) so that
 * `loggingLevels` logs it as the refusal it is: the client is answered 413.
 */
export class BodyTooLargeError extends Error {
  static readonly errorName: string = 'BodyTooLarge'
  constructor() {
    super(TOO_LARGE)
    this.name = BodyTooLargeError.errorName
  }
}

/**
 * What a caller who is not staff may send: a login, a password reset, a member's own profile. Parsing more made one
 * anonymous request hold the event loop: 4 MB of JSON 470 ms, a 1 MB GraphQL query of aliases 480 ms.
 */
export const NON_STAFF_BODY_LIMIT = 64 * 1024

/** The largest body a request may send, and what a larger one is told. */
export const bodyLimitFor = (contentType: string | null, isGraphql: boolean, isStaff: boolean): { limit: number; message: string } => {
  if (!isStaff) return { limit: NON_STAFF_BODY_LIMIT, message: `${TOO_LARGE}: at most ${NON_STAFF_BODY_LIMIT / 1024} KB without a staff sign-in.` }
  if (isGraphql) return { limit: CMS_API_BODY_LIMITS.graphql, message: TOO_LARGE }
  if (!/^multipart\//i.test(contentType ?? '')) return { limit: CMS_API_BODY_LIMITS.other, message: TOO_LARGE }
  return { limit: CMS_API_BODY_LIMITS.multipart, message: `${TOO_LARGE}: images may be at most ${MEDIA_MAX_BYTES / 1024 / 1024} MB.` }
}

/**
 * The body, passed on as it arrives, that fails past `limit` bytes (and calls `onTooLarge`): a chunked body is cut
 * as it streams, so Payload never holds more than the limit.
 */
export const limitedBody = (body: ReadableStream<Uint8Array>, limit: number, onTooLarge: () => void): ReadableStream<Uint8Array> => {
  let seen = 0
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength
        if (seen > limit) {
          onTooLarge()
          controller.error(new BodyTooLargeError())
          return
        }
        controller.enqueue(chunk)
      },
    }),
  )
}

/** Whether the declared length already says the body is too large. */
export const declaresTooLarge = (headers: Headers, limit: number): boolean => Number(headers.get('content-length') ?? 0) > limit
