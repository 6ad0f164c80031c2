/**
 * The header that carries the client's address (under TRUST_PROXY) into Payload's requests. Payload's own request
 * has no notion of the client's address; the host sets this header (lib/cmsApi.ts) over any copy a client sent, so
 * hooks can trust it.
 */
export const CLIENT_IP_HEADER = 'x-blog-service-client-ip'

/** The client's address as set by the service, or undefined for Local API calls made by server code. */
export const clientIpOf = (req: { headers?: Headers }): string | undefined => req.headers?.get(CLIENT_IP_HEADER) ?? undefined

/** Headers for a Local API call made on behalf of an HTTP client. */
export const clientIpHeaders = (ip: string | undefined): Headers => new Headers({ [CLIENT_IP_HEADER]: ip ?? 'unknown' })
