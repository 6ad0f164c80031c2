import type { ApiContext } from './requestTypes'
import { setHeader } from './responseHeaders'

/** What browsers and CDNs may do with an anonymous response: keep it `maxAge` seconds, or (0) revalidate it each time. */
export const publicCacheControl = (maxAge: number): string => (maxAge > 0 ? `public, max-age=${maxAge}` : 'public, no-cache')

/** A response that depends on a token (drafts, previews) is never stored. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store'

export const setPublicCaching = (c: ApiContext, maxAge = 0): void => {
  setHeader(c, 'Cache-Control', c.get('user') ? PRIVATE_CACHE_CONTROL : publicCacheControl(maxAge))
}
