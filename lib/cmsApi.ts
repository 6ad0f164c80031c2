import type { IncomingMessage, ServerResponse } from 'node:http'

import { handleEndpoints, type SanitizedConfig } from 'payload'

import { sendWebResponse, toWebRequest } from './fetchBridge'

type GraphqlHandler = (request: Request) => Promise<Response>

/**
 * Payload's own REST (`handleEndpoints`) and GraphQL, served from a plain Node request. The GraphQL handler is
 * loaded on first use: it lives in @payloadcms/next and pulls in more than the REST path needs.
 */
export const createCmsApiHandler = (config: SanitizedConfig) => {
  const graphqlRoute = `${config.routes.api}${config.routes.graphQL}`
  let graphql: Promise<GraphqlHandler> | undefined

  const loadGraphql = () => {
    graphql ??= import('@payloadcms/next/routes').then(({ GRAPHQL_POST }) => GRAPHQL_POST(config) as GraphqlHandler)
    return graphql
  }

  /** `clientIp`: the client's address as Express reads it (honouring TRUST_PROXY); the login throttle counts by it. */
  return async (req: IncomingMessage, res: ServerResponse, origin: string, url: string, clientIp: string): Promise<void> => {
    const request = toWebRequest(req, origin, url, clientIp)
    const pathname = new URL(request.url).pathname
    const response =
      pathname === graphqlRoute && request.method === 'POST'
        ? await (await loadGraphql())(request)
        : await handleEndpoints({ config, request })
    await sendWebResponse(response, res)
  }
}
