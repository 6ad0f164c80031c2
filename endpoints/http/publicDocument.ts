import etag from 'etag'
import type { Request, Response } from 'express'

import { cached } from '../../lib/publicCache'
import { setPublicCaching } from './cacheControl'

/** A document in a format of its own (a feed, a sitemap), prepared once with its weak ETag. */
type PreparedDocument = { body: Buffer; etag: string }

export type PublicDocumentOptions = {
  /** What distinguishes this document from others of its route (format, filter, base URL). */
  key: string
  /** Seconds it is kept; any change made through Payload clears it at once. */
  ttl: number
  /** The exact `Content-Type`. */
  contentType: string
}

/**
 * Answers a public read whose body is not the JSON envelope. The document is the same for every caller (it shows
 * published records only), so it is computed at most once per `ttl` and shared; like the other public reads it
 * carries an ETag (a matching `If-None-Match` gets an empty 304) and `Cache-Control` (`no-store` for token holders).
 * `produce` returns null when there is no such document; that is remembered too and answered with `missing()`.
 */
export const sendPublicDocument = async (
  req: Request,
  res: Response,
  { key, ttl, contentType }: PublicDocumentOptions,
  produce: () => Promise<string | null>,
  missing: () => Error,
): Promise<void> => {
  const document = await cached(
    `document:${key}`,
    ttl,
    async (): Promise<PreparedDocument | null> => {
      const text = await produce()
      if (text === null) return null
      const body = Buffer.from(text)
      return { body, etag: etag(body, { weak: true }) }
    },
    (prepared) => prepared?.body.length ?? 1,
  )
  if (!document) throw missing()
  setPublicCaching(req, res)
  res.setHeader('Content-Type', contentType)
  res.setHeader('ETag', document.etag)
  // Express's send answers 304 with no body when the request's If-None-Match matches the ETag.
  res.status(200).send(document.body)
}
