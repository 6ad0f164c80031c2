import type { IncomingMessage, ServerResponse } from 'node:http'

import { handleEndpoints, type SanitizedConfig } from 'payload'

import { bodyLimitFor, declaresTooLarge, limitedBody } from './cmsApiLimits'
import { sendWebResponse, toWebRequest } from './fetchBridge'

type GraphqlHandler = (request: Request) => Promise<Response>

// TRACE and CONNECT cannot make a Web Request; Payload serves none of the others it does not list.
const SERVED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])
const PROTOTYPE_NAMES = new Set(['__proto__', 'constructor', 'prototype'])

const decodedSegment = (segment: string): string => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** An error as Payload's REST API writes one. */
const errorResponse = (status: number, message: string): Response => Response.json({ errors: [{ message }] }, { status })

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
    if (!SERVED_METHODS.has(req.method ?? '')) return sendWebResponse(errorResponse(405, 'Method not allowed'), res)
    const pathname = new URL(url, origin).pathname
    // Payload looks collections and globals up by name in plain objects: `__proto__` would find Object.prototype.
    if (pathname.split('/').some((segment) => PROTOTYPE_NAMES.has(decodedSegment(segment)))) {
      return sendWebResponse(errorResponse(404, 'Not Found'), res)
    }
    const isGraphql = pathname === graphqlRoute && req.method === 'POST'
    const { limit, message } = bodyLimitFor(req, isGraphql)
    if (declaresTooLarge(req, limit)) return sendWebResponse(errorResponse(413, message), res)
    let tooLarge = false
    const request = toWebRequest(req, origin, url, clientIp, limitedBody(req, limit, () => (tooLarge = true)))
    const response = isGraphql ? await (await loadGraphql())(request) : await handleEndpoints({ config, request })
    await sendWebResponse(tooLarge ? errorResponse(413, message) : response, res)
  }
}
