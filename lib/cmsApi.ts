import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import { buffer } from 'node:stream/consumers'

import { handleEndpoints, type SanitizedConfig } from 'payload'

import { bodyLimitFor, declaresTooLarge, limitedBody } from './cmsApiLimits'
import { sendWebResponse, toWebRequest } from './fetchBridge'
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE } from './db/databaseUnavailable'
import { hasFragmentCycle } from './graphqlFragmentCycles'
import { authMetOutage } from './outageAwareJwt'
import { payloadErrorBody } from './payloadErrorBody'

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

/** The query texts of a GraphQL request body: raw (`application/graphql`), or JSON with `query`, alone or batched. */
const graphqlQueries = (body: Buffer, contentType: string | undefined): string[] => {
  const text = body.toString('utf8')
  if (/^application\/graphql\b/i.test(contentType ?? '')) return [text]
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return []
  }
  return (Array.isArray(parsed) ? parsed : [parsed]).flatMap((operation: unknown) => {
    const query: unknown = typeof operation === 'object' && operation !== null ? Reflect.get(operation, 'query') : undefined
    return typeof query === 'string' ? [query] : []
  })
}

/**
 * GraphQL over HTTP answers a request refused before it ran (a syntax error, a failed validation such as the bounds
 * of lib/graphqlBounds.ts: `errors` and no `data`) with a 200 when the client accepts `application/json`. It is the
 * client's mistake: a 400, as with `application/graphql-response+json`. Answers that ran keep their status.
 */
const withRequestErrorStatus = async (response: Response): Promise<Response> => {
  if (response.status !== 200 || !/json/i.test(response.headers.get('content-type') ?? '')) return response
  const text = await response.text()
  let refused = false
  if (text.startsWith('{"errors":')) {
    try {
      refused = !('data' in JSON.parse(text))
    } catch {
      // not JSON after all: passed on as it came
    }
  }
  return new Response(text, { status: refused ? 400 : 200, headers: response.headers })
}

const errorResponse = (status: number, message: string): Response => Response.json(payloadErrorBody(message), { status })

/** A request whose token could not be checked for want of the database is answered 503, not as an anonymous one. */
const unlessAuthMetOutage = (request: Request, response: Response): Response => {
  if (!authMetOutage(request.headers)) return response
  void response.body?.cancel()
  const outage = errorResponse(503, DATABASE_UNAVAILABLE_MESSAGE)
  outage.headers.set('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
  return outage
}

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
    const body = limitedBody(req, limit, () => (tooLarge = true))
    if (!isGraphql) {
      const request = toWebRequest(req, origin, url, clientIp, body)
      const response = await handleEndpoints({ config, request })
      return sendWebResponse(tooLarge ? errorResponse(413, message) : unlessAuthMetOutage(request, response), res)
    }
    // A GraphQL query is small (the limit above): read whole, it is checked before Payload runs it.
    let query: Buffer
    try {
      query = await buffer(body)
    } catch (error) {
      if (tooLarge) return sendWebResponse(errorResponse(413, message), res)
      throw error
    }
    if (graphqlQueries(query, req.headers['content-type']).some(hasFragmentCycle)) {
      return sendWebResponse(errorResponse(400, 'Fragments must not spread each other in a cycle.'), res)
    }
    const request = toWebRequest(req, origin, url, clientIp, Readable.from([query]))
    const answer = await (await loadGraphql())(request)
    await sendWebResponse(unlessAuthMetOutage(request, await withRequestErrorStatus(answer)), res)
  }
}
