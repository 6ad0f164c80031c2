import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponsesObject } from 'zod-openapi'

import { API_ROUTES } from '../contracts'
import { type ApiRoute, responsesOf, type RouteResponse } from '../contracts/route'

const ACCESS_NOTES: Record<ApiRoute['access'], string> = {
  public: 'Public.',
  'token-aware': 'Public; with a staff token the answer includes drafts and is never cached.',
  'signed-in': 'Needs a token.',
  staff: 'Staff only (admin or editor): 401 without a token, 403 for other users.',
}

const responseObject = ({ description, json, document, headers }: RouteResponse) => ({
  description,
  ...(headers ? { headers: Object.fromEntries(Object.entries(headers).map(([name, about]) => [name, { description: about, schema: { type: 'string' as const } }])) } : {}),
  ...(json ? { content: { 'application/json': { schema: json } } } : {}),
  ...(document ? { content: { [document.contentType]: document.schema ? { schema: document.schema } : { schema: { type: 'string' as const } } } } : {}),
})

const operationOf = (route: ApiRoute): ZodOpenApiOperationObject => ({
  operationId: route.operationId,
  tags: [route.tag],
  summary: route.summary,
  description: [route.description, ACCESS_NOTES[route.access]].filter(Boolean).join('\n\n'),
  ...(route.access === 'public' ? { security: [] } : route.access === 'token-aware' ? { security: [{}, { bearer: [] }] } : {}),
  requestParams: {
    ...(route.params ? { path: route.params } : {}),
    ...(route.query ? { query: route.query } : {}),
    ...(route.headers ? { header: route.headers } : {}),
  },
  ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: route.body } } } } : {}),
  responses: Object.fromEntries(Object.entries(responsesOf(route)).map(([status, response]) => [status, responseObject(response)])) as ZodOpenApiResponsesObject,
})

const pathsOf = (routes: readonly ApiRoute[]): ZodOpenApiPathsObject => {
  const paths: ZodOpenApiPathsObject = {}
  for (const route of routes) paths[`/api${route.path}`] = { ...paths[`/api${route.path}`], [route.method]: operationOf(route) }
  return paths
}

export type DocumentOptions = { version: string; serverUrl?: string }

/** The OpenAPI 3.1 description of `/api`, built from the schemas the routes validate with and answer with. */
export const buildOpenApiDocument = ({ version, serverUrl }: DocumentOptions) =>
  createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Blog and portfolio content API',
      version,
      description:
        'The public contract of the content service: every JSON answer is `{success: true, data, ...}` or ' +
        '`{success: false, error: {code, message, details?}}`. Generated from the schemas the service validates with.',
    },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    security: [{ bearer: [] }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'A token from POST /api/auth/login' } } },
    paths: pathsOf(API_ROUTES),
  })
