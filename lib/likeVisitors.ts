import { createHmac, hkdfSync } from 'node:crypto'

/** What an anonymous visitor's `X-Visitor-Id` must look like. */
export const VISITOR_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/

/** Who likes: a signed-in user (by id), or an anonymous visitor (by the id their browser keeps). */
export type LikeVisitor = { kind: 'user'; id: number | string } | { kind: 'visitor'; id: string }

/** Turns visitors and client IPs into keyed hashes: what is stored instead of them. */
export type LikeHasher = { visitor: (visitor: LikeVisitor) => string; ip: (ip: string) => string }

/**
 * Keyed hashes (HMAC-SHA256, base64url) under a key derived from the service's secret by HKDF, with a label of
 * their own: a stored hash tells nothing about the visitor id or IP without the secret, and a hash of a user id can
 * never equal one of a visitor id or an IP. The same secret gives the same hashes across restarts and processes.
 */
export const likeHasher = (secret: string): LikeHasher => {
  const key = Buffer.from(hkdfSync('sha256', secret, 'blog-portfolio', 'article-likes/v1', 32))
  const hash = (text: string) => createHmac('sha256', key).update(text).digest('base64url')
  return {
    visitor: (visitor) => hash(`${visitor.kind}:${visitor.id}`),
    ip: (ip) => hash(`ip:${ip}`),
  }
}
