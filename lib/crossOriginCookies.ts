/**
 * The host a browser's request was made to, as Next reads it for its server actions' own CSRF check: the first
 * `X-Forwarded-Host`, else `Host`. A page cannot set either on a request it sends elsewhere.
 */
const calledHost = (headers: Headers): string | null => headers.get('x-forwarded-host')?.split(',')[0]?.trim() || headers.get('host')

const originHost = (origin: string): string => {
  try {
    return new URL(origin).host
  } catch {
    return origin
  }
}

/**
 * Payload accepts its session cookie from any `Origin` while its `csrf` list is empty, which it is without SERVER_URL
 * (Payload adds that one origin). A page on a sibling host is on the same site, so `SameSite=Lax` sends the cookie with
 * its form posts: a form on `evil.example.com` could create an admin account on `cms.example.com` as the editor who
 * visits it. Without the list, a request whose `Origin` names another host than the one called goes to Payload without
 * its cookies, so it is anonymous (the rule Next applies to the admin UI's server actions, so any deployment where the
 * admin UI works keeps working). Requests without `Origin` (no browser sends a cross-origin post without it) are kept.
 */
export const withoutCrossOriginCookies = (request: Request, csrf: readonly string[]): Request => {
  const headers = ownOriginHeaders(request.headers, csrf)
  if (headers === request.headers) return request
  return new Request(request.url, { method: request.method, headers, body: request.body, duplex: request.body ? 'half' : undefined } as RequestInit)
}

/** The headers themselves, or a copy without `Cookie` when they come from another origin (above). */
export const ownOriginHeaders = (headers: Headers, csrf: readonly string[]): Headers => {
  const origin = headers.get('origin')
  if (csrf.length > 0 || origin === null || !headers.has('cookie') || originHost(origin) === calledHost(headers)) return headers
  const withoutCookies = new Headers(headers)
  withoutCookies.delete('cookie')
  return withoutCookies
}
