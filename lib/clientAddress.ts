/**
 * The client's address under TRUST_PROXY: with it on, the first address of `X-Forwarded-For` (every hop trusted,
 * as Express's boolean `trust proxy` reads it); else the peer's address (`unknown` for a host that cannot tell it).
 */
export const clientAddressOf = (headers: Headers, peerAddress: string | undefined, trustProxy: boolean): string => {
  if (trustProxy) {
    const forwarded = headers
      .get('x-forwarded-for')
      ?.split(',')
      .map((hop) => hop.trim())
      .find(Boolean)
    if (forwarded) return forwarded
  }
  return peerAddress ?? 'unknown'
}
