import { createServer, type RequestListener } from 'node:http'
import type { AddressInfo } from 'node:net'

import type { CmsApi } from './cmsApi'

/**
 * Renders the admin UI once, on a private port of its own, before the public port opens: the first render after a
 * start held the event loop for 1.6 s (every `/api` request waited), where later ones take 40-90 ms. Resolves with
 * how long it took; a failure is the first visitor's to meet, as before, and is not thrown.
 */
export const warmAdminUi = async (handler: RequestListener, adminRoute: string): Promise<number> => {
  const started = performance.now()
  // `exclusive`: in a cluster worker the port is this process's own, not shared through the primary.
  const server = createServer(handler)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen({ port: 0, host: '127.0.0.1', exclusive: true }, resolve)
  })
  try {
    const { port } = server.address() as AddressInfo
    await (await fetch(`http://127.0.0.1:${port}${adminRoute}/login`)).arrayBuffer()
  } catch {
    // nothing to do: the admin UI answers (or fails) its first visitor as it would have
  } finally {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
  return performance.now() - started
}

/**
 * Asks GraphQL the smallest question before the public port opens: the first query of a process loads Payload's
 * GraphQL handler and builds the schema, which held the event loop for 150-850 ms (anyone may send it). Costs about
 * 13 MB of memory. Resolves with how long it took; a failure is left to the first query, and not thrown.
 */
export const warmGraphql = async (cmsApi: CmsApi, graphqlRoute: string): Promise<number> => {
  const started = performance.now()
  const request = new Request(`http://127.0.0.1${graphqlRoute}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: '{ __typename }' }),
  })
  try {
    await (await cmsApi(request, '127.0.0.1')).arrayBuffer()
  } catch {
    // nothing to do: the first query meets the same failure
  }
  return performance.now() - started
}
