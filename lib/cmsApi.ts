import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'

import { getPayload, handleEndpoints, type SanitizedConfig } from 'payload'

import { handOverClientIp } from './clientIp'
import { withoutCrossOriginCookies } from './crossOriginCookies'
import { bodyLimitFor, declaresTooLarge, limitedBody, NON_STAFF_BODY_LIMIT } from './cmsApiLimits'
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE } from './db/databaseUnavailable'
import { graphqlDocumentRefusal } from './graphqlDocumentSize'
import { jsonShapeProblem } from './jsonShape'
import { isMultipart, jsonPartsOf } from './multipartPayloadField'
import { NUL_MESSAGE } from './nulCharacters'
import { QUERY_BOUNDS } from './queryBounds'
import { UNREADABLE_MULTIPART } from './requestMistakes'
import { authMetOutage } from './outageAwareJwt'
import { NOT_ALLOWED, payloadErrorBody } from './payloadErrorBody'
import { isStaff } from './roles'
import { withoutMeaninglessPrefix } from './uploadFilePrefix'

type GraphqlHandler = (request: Request) => Promise<Response>
type GraphqlRoute = { POST: (config: SanitizedConfig) => GraphqlHandler }

/**
 * Payload's GraphQL route, the file alone where it can be found on disk: `@payloadcms/next/routes` also loads the REST
 * routes and their Open Graph image renderer, which took 2.6-3.0 s to load on Node 24 (0.2 s on Node 20) and which
 * nothing here uses. Inside a host's bundle (Next) a file found at run time cannot be imported: the whole module is.
 */
const importGraphqlRoute = async (): Promise<GraphqlRoute> => {
  try {
    const routesEntry = createRequire(import.meta.url).resolve('@payloadcms/next/routes')
    return (await import(new URL('../routes/graphql/handler.js', pathToFileURL(routesEntry)).href)) as GraphqlRoute
  } catch {
    return { POST: (await import('@payloadcms/next/routes')).GRAPHQL_POST as GraphqlRoute['POST'] }
  }
}

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

/** The bodies Payload reads as JSON: its own test of the method and the content type. */
const JSON_BODY_METHODS = new Set(['PATCH', 'POST', 'PUT'])
const readsAsJson = (request: Request): boolean =>
  JSON_BODY_METHODS.has(request.method.toUpperCase()) && (request.headers.get('content-type') ?? '').split(';', 1)[0] === 'application/json'

/**
 * Past this many characters a JSON body goes to Payload unchecked: it parses it anyway, and a 4 MB object of small
 * keys takes 350 ms to parse here, which a check would double.
 */
const CHECKED_JSON_CHARS = 64 * 1024

/**
 * Rich text nests a few levels per level of its content (Markdown nests 100 at most). The largest real article here,
 * a changelog of 114 KB of Markdown, is 8,350 arrays and objects and 46,080 values as Payload sends it; the 4 MB a
 * staff body may hold fits one of about 500 KB, about four times that. Past these bounds Payload's work grows with
 * what it is sent, whatever its fields: 900,000 `{}` (2.7 MB) ended the process, 200,000 held the event loop 335 ms,
 * 1,000,000 brackets 590 ms, 230,000 keys 230 ms before the operation refused them (its bound on a document's
 * fields, checked here unparsed).
 */
const CMS_API_JSON_SHAPE = { maxNesting: 1_000, maxValues: 200_000, maxContainers: 40_000, maxTopLevelValues: QUERY_BOUNDS.documentFields }

/** Whether Payload's `JSON.parse` of the text (none means `{}`) would succeed, as far as it is checked here. */
const parsesAsJson = (text: string): boolean => {
  if (text === '' || text.length > CHECKED_JSON_CHARS) return true
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

const errorResponse = (status: number, message: string): Response => Response.json(payloadErrorBody(message), { status })

/**
 * Refused before its body was read: the connection closes after the answer. Kept open, it was closed while the rest
 * of the body was being discarded, under the client's next request.
 */
const tooLargeResponse = (message: string): Response => {
  const response = errorResponse(413, message)
  response.headers.set('Connection', 'close')
  return response
}

/** A request whose token could not be checked for want of the database is answered 503, not as an anonymous one. */
const unlessAuthMetOutage = (request: Request, response: Response): Response => {
  if (!authMetOutage(request.headers)) return response
  void response.body?.cancel()
  const outage = errorResponse(503, DATABASE_UNAVAILABLE_MESSAGE)
  outage.headers.set('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
  return outage
}

/** The request Payload is given: the same, with `body` in place of the client's, and the client's address handed over. */
const forPayload = (request: Request, clientIp: string, body: BodyInit | null, url: string = request.url): Request => {
  const forwarded = new Request(url, { method: request.method, headers: request.headers, body, duplex: body ? 'half' : undefined } as RequestInit)
  handOverClientIp(forwarded, clientIp)
  return forwarded
}

export type CmsApi = (request: Request, clientIp: string) => Promise<Response>

/**
 * `<collection>/access/<id>`: a document's permissions. Payload works them out for a record the caller may not read
 * (a draft, an account, a webhook) and answers 404 for one that does not exist, so anyone could tell which ids exist.
 * The admin UI asks for them for staff; no one else has a use for them.
 */
const DOCUMENT_ACCESS = /^\/[^/]+\/access\/[^/]+\/?$/

const isStaffRequest = async (config: SanitizedConfig, request: Request): Promise<boolean> =>
  isStaff((await (await getPayload({ config })).auth({ headers: request.headers })).user)

/**
 * Whether the caller may send a staff-sized body. A body declared small enough for anyone needs no answer; for a
 * larger or undeclared one the caller's credentials are checked first (a request without any costs nothing).
 */
const sendsAsStaff = async (config: SanitizedConfig, request: Request): Promise<boolean> =>
  Boolean(request.body) && !(Number(request.headers.get('content-length') ?? Number.NaN) <= NON_STAFF_BODY_LIMIT) && isStaffRequest(config, request)

/**
 * Payload's own REST (`handleEndpoints`) and GraphQL as one `Request -> Response` handler, within issue 18's bounds.
 * The GraphQL handler is loaded on first use: it lives in @payloadcms/next.
 */
export const createCmsApi = (config: SanitizedConfig): CmsApi => {
  const graphqlRoute = `${config.routes.api}${config.routes.graphQL}`
  let graphql: Promise<GraphqlHandler> | undefined

  const loadGraphql = () => {
    graphql ??= importGraphqlRoute().then(({ POST }) => POST(config))
    return graphql
  }

  /** `clientIp`: the client's address under TRUST_PROXY; the login throttle counts by it. */
  const serve: CmsApi = async (incoming, clientIp) => {
    if (!SERVED_METHODS.has(incoming.method)) return errorResponse(405, 'Method not allowed')
    // Payload would pass a `%00` in a query on to the database (a 500 on Postgres); bodies are checked by a hook.
    if (/%00/i.test(incoming.url)) return errorResponse(400, `The address ${NUL_MESSAGE}`)
    const request = withoutCrossOriginCookies(incoming, config.csrf)
    const url = new URL(request.url)
    const { pathname } = url
    // Payload looks collections and globals up by name in plain objects: `__proto__` would find Object.prototype.
    if (pathname.split('/').some((segment) => PROTOTYPE_NAMES.has(decodedSegment(segment)))) return errorResponse(404, 'Not Found')
    const isGraphql = pathname === graphqlRoute && request.method === 'POST'
    if (DOCUMENT_ACCESS.test(pathname.slice(config.routes.api.length)) && !(await isStaffRequest(config, request))) {
      return unlessAuthMetOutage(request, errorResponse(403, NOT_ALLOWED))
    }
    const contentType = request.headers.get('content-type')
    const { limit, message } = bodyLimitFor(contentType, isGraphql, await sendsAsStaff(config, request))
    if (declaresTooLarge(request.headers, limit)) return unlessAuthMetOutage(request, tooLargeResponse(message))
    let tooLarge = false
    const body = request.body && limitedBody(request.body, limit, () => (tooLarge = true))
    /** The body read whole (GraphQL, JSON and multipart bodies, within their limits); undefined when it went past the limit. */
    const wholeBody = async <T>(read: (response: Response) => Promise<T>): Promise<T | undefined> => {
      try {
        return await read(new Response(body))
      } catch (error) {
        if (tooLarge) return undefined
        throw error
      }
    }
    if (!isGraphql) {
      let bodyForPayload: BodyInit | null = body
      // Payload logs every failed read of a JSON body, a bad or cut one included, as an error with its stack: one
      // stack per stranger's request. A small one is checked here; each is passed on as the text it is.
      if (body && readsAsJson(request)) {
        const text = await wholeBody((whole) => whole.text())
        if (text === undefined) return tooLargeResponse(message)
        if (!parsesAsJson(text)) return errorResponse(400, 'Invalid JSON')
        const shape = jsonShapeProblem(text, CMS_API_JSON_SHAPE)
        if (shape) return errorResponse(400, shape)
        bodyForPayload = text
      } else if (body && isMultipart(request)) {
        // An upload's or the admin UI's fields come as JSON in a part, which Payload parses whole: held to the same shape.
        const bytes = await wholeBody((whole) => whole.arrayBuffer())
        if (bytes === undefined) return tooLargeResponse(message)
        const parts = await jsonPartsOf(bytes, contentType ?? '')
        if (parts === undefined) return errorResponse(400, UNREADABLE_MULTIPART)
        const shape = parts.map((part) => jsonShapeProblem(part, CMS_API_JSON_SHAPE)).find(Boolean)
        if (shape) return errorResponse(400, shape)
        bodyForPayload = bytes
      }
      const forwarded = forPayload(request, clientIp, bodyForPayload, withoutMeaninglessPrefix(config, url).href)
      const response = await handleEndpoints({ config, request: forwarded })
      if (tooLarge) return tooLargeResponse(message)
      // Payload's answer for a collection without REST endpoints (`endpoints: false`): no such route, for the client.
      if (response.status === 501) return errorResponse(404, 'Not Found')
      return unlessAuthMetOutage(forwarded, response)
    }
    // A GraphQL query is small (the limit above): read whole, it is checked before Payload runs it.
    const query = await wholeBody((whole) => whole.text())
    if (query === undefined) return tooLargeResponse(message)
    const oversized = graphqlDocumentRefusal(query)
    if (oversized) return errorResponse(400, oversized)
    const forwarded = forPayload(request, clientIp, query)
    return unlessAuthMetOutage(forwarded, await withRequestErrorStatus(await (await loadGraphql())(forwarded)))
  }

  // Payload serves no HEAD (its answer was a 404, for a media file that exists too): the GET it stands for, without
  // the body, as HTTP asks. Link checkers and feed readers ask for images this way.
  return async (incoming, clientIp) => {
    if (incoming.method !== 'HEAD') return serve(incoming, clientIp)
    const answer = await serve(new Request(incoming.url, { method: 'GET', headers: incoming.headers }), clientIp)
    void answer.body?.cancel()
    return new Response(null, answer)
  }
}
