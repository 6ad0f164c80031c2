import fs from 'node:fs'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'

import { launchBrowser, logIn, newContext } from './browser'
import { ADMIN, apiLogin, ensureAdminBuild, requestJson, startService, type E2EService } from './service'

// The admin UI's Next bundle evaluates its own copy of payload.config.ts and asks its own copy of `payload` for an
// instance. Payload caches instances in `global._payload`, which both copies read, so it gets the one server.ts
// started (Next bundles its own `payload`: that global Map is what joins the two). A second instance
// would mean a second database pool, hooks running from two copies of the plugin, and a second onInit.
// Measured from outside, on the production build: the SQLite connections the process holds to the database file
// (each shows up in /proc/<pid>/fd as the file itself) are the same before and after the admin UI is used.

/** How many times the process holds `file` open: one per SQLite connection to it (its -wal and -shm files aside). */
const openCount = (pid: number, file: string): number =>
  fs.readdirSync(`/proc/${pid}/fd`).filter((fd) => {
    try {
      return fs.readlinkSync(`/proc/${pid}/fd/${fd}`) === file
    } catch {
      return false // closed since the listing
    }
  }).length

/** `openCount` once it has not changed for 2 s: the service opens some connections of its own in the background. */
const settledOpenCount = async (pid: number, file: string): Promise<number> => {
  let count = openCount(pid, file)
  let unchangedSince = Date.now()
  while (Date.now() - unchangedSince < 2000) {
    await new Promise((resolve) => setTimeout(resolve, 200))
    const now = openCount(pid, file)
    if (now !== count) [count, unchangedSince] = [now, Date.now()]
  }
  return count
}

describe('one Payload instance per process', () => {
  let service: E2EService
  let browser: Browser
  let page: Page
  let databaseFile: string
  let token: string

  /** Uses `/api` and `/cms-api` as a client would: the public lists and search, and the admin's own account. */
  const useTheApis = async () => {
    expect((await requestJson(`${service.base}/api/health`)).status).toBe(200)
    expect((await requestJson(`${service.base}/api/articles`)).status).toBe(200)
    expect((await requestJson(`${service.base}/api/search?q=anything`)).status).toBe(200)
    expect((await requestJson(`${service.base}/cms-api/users/me`, { token })).status).toBe(200)
  }

  beforeAll(async () => {
    await ensureAdminBuild()
    service = await startService()
    databaseFile = path.join(service.dataDir, 'e2e.db')
    token = await apiLogin(service.base, ADMIN.email, ADMIN.password)
    browser = await launchBrowser()
    page = await (await newContext(browser, service.base)).newPage()
  }, 600_000)

  afterAll(async () => {
    await browser?.close()
    await service?.stop()
  }, 60_000)

  it('serves the admin UI without opening a second database connection', async () => {
    // Whatever /api and /cms-api open on first use is open before the count starts.
    await useTheApis()
    const before = await settledOpenCount(service.pid, databaseFile)
    expect(before).toBeGreaterThan(0)

    await logIn(page, service.base, ADMIN.email, ADMIN.password)
    for (const address of ['/admin', '/admin/collections/articles', '/admin/collections/articles/create', '/admin/account']) {
      const response = await page.goto(`${service.base}${address}`, { waitUntil: 'networkidle' })
      expect(response?.status()).toBe(200)
    }
    // The admin UI's pages were rendered by Payload (its navigation lists the collections), not an error page.
    await page.getByRole('link', { name: 'Articles' }).first().waitFor({ state: 'visible' })
    await useTheApis()

    expect(await settledOpenCount(service.pid, databaseFile)).toBe(before)
  })
})
