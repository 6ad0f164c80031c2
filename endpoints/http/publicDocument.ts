import etag from 'etag'

import { cached } from '../../lib/publicCache'
import { setPublicCaching } from './cacheControl'
import { sendTagged } from './envelope'
import { HOST_STAND_IN } from './requestOrigin'
import type { ApiContext } from './requestTypes'

/**
 * A document in a format of its own (a feed, a sitemap), prepared once with its weak ETag: its bytes up to the first
 * HOST_STAND_IN, then those after each one (none when it holds no stand-in).
 */
type PreparedDocument = { head: Buffer<ArrayBuffer>; rest: Buffer<ArrayBuffer>[]; etag: string }

export type PublicDocumentOptions = {
  /** What distinguishes this document from others of its route (format, filter, base URL). */
  key: string
  /** Seconds it is kept; any change made through Payload clears it at once. */
  ttl: number
  /** The exact `Content-Type`. */
  contentType: string
  /** The request's host, put wherever the document was built with HOST_STAND_IN (links made from the request). */
  host?: string
}

const prepare = (text: string): PreparedDocument => {
  const [head = '', ...rest] = text.split(HOST_STAND_IN)
  return { head: Buffer.from(head), rest: rest.map((piece) => Buffer.from(piece)), etag: etag(text, { weak: true }) }
}

/** The bytes and ETag sent for `host`: the pieces joined by it (one copy), and a tag of the document's and the host's. */
const forHost = ({ head, rest, etag: documentTag }: PreparedDocument, host = HOST_STAND_IN): { body: Buffer<ArrayBuffer>; etag: string } => {
  if (rest.length === 0) return { body: head, etag: documentTag }
  const separator = Buffer.from(host)
  return { body: Buffer.concat([head, ...rest.flatMap((piece) => [separator, piece])]), etag: etag(`${documentTag} ${host}`, { weak: true }) }
}

/**
 * Answers a public read whose body is not the JSON envelope. The document is the same for every caller (it shows
 * published records only), so it is computed at most once per `ttl` and shared, whatever host the caller named (the
 * host goes in as it is sent: a copy per host would rebuild it for every new Host header, and push every other
 * answer out of the cache); like the other public reads it carries an ETag (a matching `If-None-Match` gets an
 * empty 304) and `Cache-Control` (`no-store` for token holders). `produce` returns null when there is no such
 * document; that is remembered too and answered with `missing()`.
 */
export const sendPublicDocument = async (
  c: ApiContext,
  { key, ttl, contentType, host }: PublicDocumentOptions,
  produce: () => Promise<string | null>,
  missing: () => Error,
): Promise<Response> => {
  const document = await cached(
    `document:${key}`,
    ttl,
    async (): Promise<PreparedDocument | null> => {
      const text = await produce()
      return text === null ? null : prepare(text)
    },
    (prepared) => (prepared ? prepared.rest.reduce((bytes, piece) => bytes + piece.length, prepared.head.length) : 1),
  )
  if (!document) throw missing()
  const sent = forHost(document, host)
  setPublicCaching(c)
  return sendTagged(c, sent.body, sent.etag, contentType)
}
