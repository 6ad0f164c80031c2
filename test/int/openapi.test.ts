import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Validator } from '@seriousme/openapi-schema-validator'

import { bootService, type BootedService } from '../helpers/bootService'

let service: BootedService

// Asynchronous: the commands call this process's own server, which a synchronous spawn would block.
const run = async (args: string[]) => {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, args, { encoding: 'utf8' })
    return { status: 0, output: stdout + stderr }
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string }
    return { status: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` }
  }
}

beforeAll(async () => {
  service = await bootService()
})

afterAll(async () => {
  await service?.stop()
})

type Operation = { operationId: string; responses: Record<string, unknown> }
type OpenApiDocument = { openapi: string; paths: Record<string, Record<string, Operation>> }

const fetchDocument = async (): Promise<OpenApiDocument> => {
  const response = await fetch(`${service.url}/api/openapi.json`)
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  return (await response.json()) as OpenApiDocument
}

/** Every method and path the `/api` app answers (its middleware, registered for ALL methods, left out). */
const routedOperations = (routes: { method: string; path: string }[]): string[] => [
  ...new Set(routes.filter(({ method }) => method !== 'ALL').map(({ method, path }) => `${method.toLowerCase()} ${path.replace(/\/$/, '').replace(/:(\w+)/g, '{$1}')}`)),
]

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const document = await fetchDocument()
    expect(document.openapi).toBe('3.1.0')
    const result = await new Validator().validate({ ...document })
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
  })

  it('describes every route of the router, and nothing the router lacks', async () => {
    const document = await fetchDocument()
    const described = Object.entries(document.paths).flatMap(([route, operations]) => Object.keys(operations).map((method) => `${method} ${route}`))
    const routed = routedOperations(service.api.routes)
    const itself = ['get /api/openapi.json', 'get /api/docs', 'get /api/docs/scalar.js']
    expect(routed.filter((operation) => !itself.includes(operation)).sort()).toEqual(described.sort())
    expect(described.length).toBeGreaterThan(40)
  })

  it('gives every operation an id, a summary and the error envelope', async () => {
    const document = await fetchDocument()
    const operations = Object.values(document.paths).flatMap((operations) => Object.values(operations))
    const ids = operations.map((operation) => operation.operationId)
    expect(new Set(ids).size).toBe(ids.length)
    for (const operation of operations) expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['400', '500', '503']))
  })

  it('describes the moderation note of a new wall message', async () => {
    const document = (await fetchDocument()) as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: { properties: Record<string, unknown>; required?: string[] } }> }> }>>
    }
    const created = document.paths['/api/wall-messages']!.post!.responses['201']!.content['application/json']!.schema
    expect(created.properties.moderation).toMatchObject({ const: 'pending' })
    expect(created.required).not.toContain('moderation')
  })

  it('answers 304 to a client that has it', async () => {
    // supertest, not fetch: fetch adds `Cache-Control: no-cache` to a conditional request, which asks for a full answer.
    const first = await service.request().get('/api/openapi.json')
    const etag = first.headers.etag
    expect(etag).toMatch(/^W\//)
    const again = await service.request().get('/api/openapi.json').set('If-None-Match', etag!)
    expect(again.status).toBe(304)
  })
})

describe('GET /api/docs', () => {
  it('is a page that loads its viewer from this service only', async () => {
    const response = await fetch(`${service.url}/api/docs`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await response.text()
    expect(html).toContain('<script src="/api/docs/scalar.js"')
    expect(html).toContain('/api/openapi.json')
    expect(html).not.toMatch(/https?:\/\//)
  })

  it('serves the viewer script', async () => {
    const response = await fetch(`${service.url}/api/docs/scalar.js`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/)
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(1_000_000)
  })
})

describe('a typed client', () => {
  it("is generated by the README's openapi-typescript command and type-checks against real keys", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-client-'))
    try {
      const generated = await run(['node_modules/openapi-typescript/bin/cli.js', `${service.url}/api/openapi.json`, '-o', path.join(dir, 'api.d.ts')])
      expect(generated).toMatchObject({ status: 0 })
      fs.writeFileSync(
        path.join(dir, 'use.ts'),
        [
          "import type { paths } from './api'",
          "type Detail = paths['/api/articles/{key}']['get']['responses'][200]['content']['application/json']['data']",
          "export const slug: Detail['slug'] = 'hello-1'",
          "export const minutes: Detail['readingTimeMinutes'] = 3",
          // A key the contract does not have must not type-check.
          "// @ts-expect-error: no such key",
          "export const wrong: Detail['views'] = 1",
        ].join('\n'),
      )
      const checked = await run(['node_modules/typescript/bin/tsc', '--noEmit', '--strict', '--skipLibCheck', path.join(dir, 'use.ts')])
      expect(checked).toEqual({ status: 0, output: '' })
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
