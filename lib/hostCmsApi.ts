import type { SanitizedConfig } from 'payload'

import { clientAddressOf } from './clientAddress'
import { trustsProxy } from './clientIp'
import { type CmsApi, createCmsApi } from './cmsApi'

type RouteHandler = (request: Request) => Promise<Response>

/** Every answer, media files included, says `nosniff`, as the standalone service's server sets it on all of them. */
const withNosniff = (response: Response): Response => {
  const answer = new Response(response.body, response)
  answer.headers.set('X-Content-Type-Options', 'nosniff')
  return answer
}

/**
 * Payload's REST and GraphQL for a host app's route handlers (`src/app/(payload)/cms-api/...`), within the bounds the
 * standalone service puts on them (lib/cmsApi.ts): in place of `@payloadcms/next/routes`, whose handlers read a body
 * of any size (a 300 MB login took 320 MB of the app's memory), answer `/cms-api/__proto__` with a 500, pass a `%00`
 * on to the database and send media files without `nosniff`. A route handler has no socket: the client's address is
 * what the TRUST_PROXY rule makes of the headers.
 */
export const cmsApiRouteHandlers = (config: SanitizedConfig | Promise<SanitizedConfig>) => {
  let built: Promise<{ cmsApi: CmsApi; trustProxy: boolean }> | undefined
  const handle: RouteHandler = async (request) => {
    built ??= (async () => {
      const resolved = await config
      return { cmsApi: createCmsApi(resolved), trustProxy: trustsProxy(resolved) }
    })()
    const { cmsApi, trustProxy } = await built
    return withNosniff(await cmsApi(request, clientAddressOf(request.headers, undefined, trustProxy)))
  }
  return { GET: handle, POST: handle, PUT: handle, PATCH: handle, DELETE: handle, OPTIONS: handle }
}
