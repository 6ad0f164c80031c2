import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'

import { API_ROUTES } from '../../endpoints/contracts'
import { errorEnvelope } from '../../endpoints/contracts/envelope'
import { type ApiRoute, responsesOf, type RouteResponse } from '../../endpoints/contracts/route'

type RoutePattern = { route: ApiRoute; pattern: RegExp }

const PATTERNS: RoutePattern[] = API_ROUTES.map((route) => ({
  route,
  pattern: new RegExp(`^/api${route.path.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`),
}))

/** Described elsewhere or not at all: the description itself, its viewer, and CORS preflights. */
export const isUndescribed = (method: string, path: string) => method === 'OPTIONS' || path === '/api/openapi.json' || path.startsWith('/api/docs')

const violations: string[] = []

/** The answers seen so far that the OpenAPI description does not allow; reading them empties the list. */
export const takeContractViolations = (): string[] => violations.splice(0)

const mediaType = (contentType: string | undefined) => (contentType ?? '').split(';')[0]!.trim().toLowerCase()

const issuesOf = (schema: RouteResponse['json'], text: string): string | undefined => {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return `the body is not JSON: ${text.slice(0, 120)}`
  }
  const result = schema!.safeParse(body)
  if (result.success) return undefined
  return result.error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`).join('; ')
}

const isMalformedPath = (path: string): boolean => {
  try {
    decodeURIComponent(path)
    return false
  } catch {
    return true
  }
}

/** What is wrong with one answer of `/api`, judged by the route's description; undefined when nothing is. */
export const contractViolation = (method: string, path: string, status: number, contentType: string | undefined, body: string): string | undefined => {
  const found = PATTERNS.filter(({ pattern }) => pattern.test(path)).find(({ route }) => route.method === (method === 'HEAD' ? 'get' : method.toLowerCase()))
  if (!found) {
    // Unknown routes answer the router's 404 (under /api/admin, the staff guard's 401 or 403 first; a path that is
    // not valid percent-encoding, a 400 before any route); anything else is a route the description lacks.
    const refusedFirst = (path.startsWith('/api/admin/') && (status === 401 || status === 403)) || (status === 400 && isMalformedPath(path))
    if (status !== 404 && !refusedFirst) return `no route of the description matches, yet it answered ${status}`
    return mediaType(contentType) === 'application/json' ? issuesOf(errorEnvelope, body) : `its ${status} is ${contentType ?? 'without a type'}`
  }
  const response = responsesOf(found.route)[status]
  if (!response) return `status ${status} is not among ${Object.keys(responsesOf(found.route)).join(', ')}`
  if (method === 'HEAD' || status === 304) return undefined
  const expected = response.json ? 'application/json' : response.document ? mediaType(response.document.contentType) : undefined
  if (expected === undefined) return body.length > 0 && mediaType(contentType) === 'application/json' ? 'a JSON body the description does not have' : undefined
  if (mediaType(contentType) !== expected) return `Content-Type ${contentType ?? '(none)'}, described as ${expected}`
  const schema = response.json ?? response.document?.schema
  const issues = schema ? issuesOf(schema, body) : undefined
  return issues && `the body does not fit its schema: ${issues}`
}

// The URL is the one the request arrived with, read before any handler runs.
const check = (url: string, req: IncomingMessage, res: ServerResponse, chunks: Buffer[], written: Record<string, unknown>) => {
  const path = url.split('?')[0]!
  const method = req.method ?? 'GET'
  if (isUndescribed(method, path)) return
  const contentType = written['content-type'] ?? res.getHeader('content-type')
  const problem = contractViolation(method, path, res.statusCode, typeof contentType === 'string' ? contentType : undefined, Buffer.concat(chunks).toString('utf8'))
  if (problem) violations.push(`${method} ${url} → ${res.statusCode}: ${problem}`)
}

const asBuffer = (chunk: unknown): Buffer | undefined =>
  Buffer.isBuffer(chunk) ? chunk : typeof chunk === 'string' ? Buffer.from(chunk) : chunk instanceof Uint8Array ? Buffer.from(chunk) : undefined

/**
 * Wraps the service's request handler so that every answer under `/api` is checked against the OpenAPI
 * description's schema for its route and status (test/helpers/contractAfterEach.ts fails the test that got it).
 */
export const checkingContract =
  (handler: RequestListener): RequestListener =>
  (req, res) => {
    const url = req.url ?? ''
    // By its normalised path, as the server picks the door: `/api/../cms-api/…` is not an /api answer.
    if (!new URL(url, 'http://host').pathname.startsWith('/api/')) {
      handler(req, res)
      return
    }
    const chunks: Buffer[] = []
    // Headers handed to writeHead as an object are written, never stored where getHeader finds them.
    const written: Record<string, unknown> = {}
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse
    res.writeHead = ((...args: unknown[]) => {
      const headers = args.find((arg) => typeof arg === 'object' && arg !== null && !Array.isArray(arg))
      if (headers) for (const [name, value] of Object.entries(headers)) written[name.toLowerCase()] = value
      return writeHead(...args)
    }) as ServerResponse['writeHead']
    const write = res.write.bind(res) as (...args: unknown[]) => boolean
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      const buffer = asBuffer(chunk)
      if (buffer) chunks.push(buffer)
      return write(chunk, ...rest)
    }) as ServerResponse['write']
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      const buffer = typeof chunk === 'function' ? undefined : asBuffer(chunk)
      if (buffer) chunks.push(buffer)
      check(url, req, res, chunks, written)
      return end(chunk, ...rest)
    }) as ServerResponse['end']
    handler(req, res)
  }
