import fs from 'node:fs'
import type { Server } from 'node:http'
import os from 'node:os'
import path from 'node:path'

import { getRequestListener } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { adminUiOutageResponse } from '../../lib/adminUiOutage'
import { listen } from '../../lib/httpServer'
import { outageMonitorOf } from '../../lib/db/outages'
import { createAccount, loginToken } from '../helpers/accounts'
import { bootService, type BootedService } from '../helpers/bootService'
import { startPostgresCluster } from '../helpers/postgresCluster.mjs'

// An outage needs a Postgres server the test can stop and start: it runs its own cluster, in the Postgres leg.
const onPostgres = process.env.TEST_DATABASE_URL?.startsWith('postgres') ?? false
if (!onPostgres) console.log('adminUiOutage: skipped here; it runs in `npm run test:postgres` (needs initdb and pg_ctl)')
const describeOnPostgres = onPostgres ? describe : describe.skip

type Cluster = { url: string; stop: () => void; pause: () => void; resume: () => void }

let cluster: Cluster
let service: BootedService
let pages: Server
let base: string
let cookie: string
let dataDir: string

beforeAll(async () => {
  if (!onPostgres) return
  cluster = (await startPostgresCluster()) as Cluster
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-service-admin-outage-'))
  service = await bootService({ DATABASE_URL: cluster.url, DATA_DIR: dataDir })
  const editor = await createAccount(service.payload, 'editor')
  cookie = `${service.payload.config.cookiePrefix}-token=${await loginToken(service, editor.email)}`
  // The admin UI itself (Next) stands behind the check: a page that says who asked.
  pages = await listen(
    getRequestListener(async (request) => {
      const { pathname } = new URL(request.url)
      return (await adminUiOutageResponse(service.payload, pathname, request.headers.get('cookie'))) ?? new Response(`page ${pathname}`)
    }),
    0,
    '127.0.0.1',
  )
  base = `http://127.0.0.1:${(pages.address() as { port: number }).port}`
}, 60_000)

afterAll(async () => {
  pages?.closeAllConnections()
  pages?.close()
  await service?.stop()
  cluster?.stop()
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
})

const open = (pathname: string, withSession: boolean) => fetch(`${base}${pathname}`, { headers: withSession ? { cookie } : {} })

describeOnPostgres('the admin UI while Postgres is down', () => {
  it('answers an editor with a session 503 and Retry-After instead of sending them to the login page', async () => {
    expect((await open('/admin/collections/articles', true)).status).toBe(200)

    cluster.pause()
    try {
      const during = await open('/admin/collections/articles', true)
      expect(during.status).toBe(503)
      expect(during.headers.get('retry-after')).toBe('5')
      expect(await during.text()).toMatch(/database cannot be reached/)
      // Once the outage is known, every page answers so, the login page included; Next's own files still load.
      // (The monitor declares it after two failed pings, 200 ms apart.)
      const known = Date.now() + 10_000
      while (!outageMonitorOf(service.payload.db)?.isDown() && Date.now() < known) await new Promise((resolve) => setTimeout(resolve, 50))
      expect(outageMonitorOf(service.payload.db)?.isDown()).toBe(true)
      expect((await open('/admin/login', false)).status).toBe(503)
      expect((await open('/_next/static/chunks/main.js', false)).status).toBe(200)
    } finally {
      cluster.resume()
    }

    const deadline = Date.now() + 20_000
    while (outageMonitorOf(service.payload.db)?.isDown() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100))
    expect((await open('/admin/collections/articles', true)).status).toBe(200)
  }, 60_000)
})
