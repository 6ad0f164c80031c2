import type { PayloadRequest, SanitizedConfig } from 'payload'

import { clientAddressOf } from './clientAddress'

/** Where the plugin keeps its `trustProxy` option in Payload's config, for requests no host marked. */
export const TRUST_PROXY_KEY = 'blogPortfolioTrustProxy'

/**
 * The addresses hosts handed over with their requests, by the request's Headers object. Payload serves the very
 * Request a host gives it (createPayloadRequest assigns its own properties onto it), and its GraphQL resolvers wrap
 * that request in a Proxy, by which the request itself would not be found, but whose `headers` is the same object.
 * Nothing a client sends can put an address here.
 */
const handedOver = new WeakMap<Headers, string>()

/** A host tells where `request` came from (by the TRUST_PROXY rule) before handing it to Payload's REST or GraphQL. */
export const handOverClientIp = (request: Request, ip: string): void => {
  handedOver.set(request.headers, ip)
}

export const trustsProxy = (config: Pick<SanitizedConfig, 'custom'>): boolean => config.custom?.[TRUST_PROXY_KEY] === true

/** What of Payload's request the address is read from (a PayloadRequest, or the Proxy GraphQL makes of one). */
type AddressedRequest = Pick<PayloadRequest, 'context'> & { payload: { config: Pick<SanitizedConfig, 'custom'> } }

/**
 * The client's address, for the login throttle and the forgot-password limit, kept in `req.context.clientIp`: set
 * there by a Local API call made for a client (`/api`'s login), or handed over by the host; for a request no host
 * marked (Payload's REST in a Next route handler of its own), the first `X-Forwarded-For` hop when the plugin's
 * `trustProxy` is on, else 'unknown'. Undefined for Local API calls made by server code, which are not counted.
 */
export const clientIpOf = (req: AddressedRequest): string | undefined => {
  const known: unknown = req.context.clientIp
  if (typeof known === 'string') return known
  if (!(req instanceof Request)) return undefined
  const ip = handedOver.get(req.headers) ?? clientAddressOf(req.headers, undefined, trustsProxy(req.payload.config))
  req.context.clientIp = ip
  return ip
}
