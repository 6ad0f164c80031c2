import type { Request, Response } from 'express'

/**
 * Public GETs: browsers and CDNs may keep an anonymous response for `maxAge` seconds (0: revalidate each time with
 * its ETag). A response that depends on a token (drafts, previews) is never stored.
 */
export const setPublicCaching = (req: Request, res: Response, maxAge = 0): void => {
  res.setHeader('Cache-Control', req.user ? 'private, no-store' : maxAge > 0 ? `public, max-age=${maxAge}` : 'public, no-cache')
}
