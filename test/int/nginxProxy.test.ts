import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { likeHasher } from '../../lib/likeVisitors'
import { bootService, type BootedService } from '../helpers/bootService'
import { createArticle, createCategory } from '../helpers/content'
import { findNginx, type RunningNginx, startNginx } from '../helpers/nginx'
import { spawnServer, type ServerProcess } from '../helpers/serverProcess'

const SECRET = 'test-secret-not-for-production'
/** The test's own address toward nginx: any loopback address works on Linux, and it differs from nginx's 127.0.0.1. */
const CLIENT_ADDRESS = '127.0.0.2'

const nginxBinary = findNginx()
if (!nginxBinary) console.log('nginxProxy.test.ts: skipped, nginx is not installed here (apt-get install nginx-light)')
const describeWithNginx = nginxBinary ? describe : describe.skip

type Answer = { status: number; body: string }

/** One HTTP request sent from `CLIENT_ADDRESS`. */
const requestFrom = (url: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? 'GET', headers: options.headers, localAddress: CLIENT_ADDRESS }, (res) => {
      let body = ''
      res.on('data', (chunk: Buffer) => (body += chunk.toString()))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })

const hostAndPort = (url: string) => new URL(url).host

describeWithNginx('deploy/nginx.conf in front of two service processes (TRUST_PROXY=true)', () => {
  let a: BootedService
  let b: ServerProcess
  let bDataDir: string
  let nginx: RunningNginx
  let bAddress: string

  beforeAll(async () => {
    a = await bootService({ TRUST_PROXY: 'true' })
    bDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-service-nginx-b-'))
    b = spawnServer({ PAYLOAD_SECRET: SECRET, DATABASE_URL: a.database.url, DATA_DIR: bDataDir, ADMIN: 'false', TRUST_PROXY: 'true' })
    bAddress = hostAndPort(await b.ready)
    nginx = await startNginx(nginxBinary!, [hostAndPort(a.url), bAddress])
  })

  afterAll(async () => {
    await nginx?.stop()
    if (b && b.child.exitCode === null) {
      b.child.kill('SIGTERM')
      await b.exited
    }
    await a?.stop()
    if (bDataDir) fs.rmSync(bDataDir, { recursive: true, force: true })
  })

  it('passes requests through to both processes in turn', async () => {
    const answeredBy = new Set<string>()
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${nginx.url}/api/health`)
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ success: true, data: { status: 'ok', db: a.database.kind } })
      answeredBy.add(res.headers.get('x-upstream') ?? '')
    }
    expect([...answeredBy].sort()).toEqual([hostAndPort(a.url), bAddress].sort())
    expect(nginx.errorLog()).not.toMatch(/\[(error|crit|alert|emerg)\]/)
  })

  it('the service sees the client’s address; an X-Forwarded-For the client forged is replaced', async () => {
    const article = await createArticle(a.payload, { title: 'Proxied like', category: await createCategory(a.payload, 'Notes') })
    const res = await requestFrom(`${nginx.url}/api/articles/${article.id}/like`, {
      method: 'POST',
      headers: { 'X-Forwarded-For': '203.0.113.7', 'X-Visitor-Id': 'visitor-behind-nginx' },
    })
    expect(res.status).toBe(200)
    const likes = await a.payload.find({ collection: 'article-likes', where: { article: { equals: article.id } }, overrideAccess: true })
    const hash = likeHasher(a.payload.secret)
    expect(likes.docs.map((like) => like.ipHash)).toEqual([hash.ip(CLIENT_ADDRESS)])
  })

  it('a stopped process is skipped: every request is answered by the other', async () => {
    b.child.kill('SIGTERM')
    expect((await b.exited).code).toBe(0)
    const answers: string[] = []
    for (let i = 0; i < 10; i++) {
      for (const route of ['/api/health', '/api/articles']) {
        const res = await fetch(`${nginx.url}${route}`)
        answers.push(`${res.status} ${res.headers.get('x-upstream')?.split(', ').at(-1)}`)
      }
    }
    expect(answers).toEqual(Array(20).fill(`200 ${hostAndPort(a.url)}`))
  })
})
