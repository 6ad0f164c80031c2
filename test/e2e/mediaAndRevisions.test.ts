import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page, Response } from 'playwright-core'
import sharp from 'sharp'

import { launchBrowser, logIn, newContext } from './browser'
import { ADMIN, apiLogin, ensureAdminBuild, requestJson, startService, type E2EService } from './service'

// An image used by an article in the admin UI, in a real Chromium against the production build: it cannot be deleted
// while used, and restoring an earlier version of the article keeps it an upload of that media item.

type Doc = Record<string, unknown> & { id: number }
type Media = Doc & { filename: string; url: string }
type RichText = { root: { children: { type: string; value?: unknown; relationTo?: string }[] } }

const TITLE = 'Shipping a content service'

describe('media in use and version restore in the admin UI', () => {
  let service: E2EService
  let browser: Browser
  let context: BrowserContext
  let page: Page
  let token: string
  let media: Media
  let articleId: number
  let markdown: string

  /** Uploads a generated PNG through /cms-api as the admin. */
  const upload = async (name: string, alt: string): Promise<Media> => {
    const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: { r: 30, g: 110, b: 190 } } }).png().toBuffer()
    const form = new FormData()
    form.append('file', new Blob([png], { type: 'image/png' }), `${name}.png`)
    form.append('_payload', JSON.stringify({ alt }))
    const res = await fetch(`${service.base}/cms-api/media`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form })
    expect(res.status).toBe(201)
    return ((await res.json()) as { doc: Media }).doc
  }

  const articleRecord = async () =>
    (await requestJson(`${service.base}/cms-api/articles/${articleId}?depth=0`, { token })).body as Doc & { content: string; contentRichText: RichText }

  const editThroughApi = async (content: string) => {
    const res = await requestJson(`${service.base}/api/admin/articles/${articleId}`, { method: 'PUT', token, body: { content } })
    expect(res.status).toBe(200)
  }

  beforeAll(async () => {
    await ensureAdminBuild()
    service = await startService()
    token = await apiLogin(service.base, ADMIN.email, ADMIN.password)
    media = await upload('harbour', 'The harbour at dusk')
    const category = await requestJson(`${service.base}/api/admin/categories`, { method: 'POST', token, body: { name: 'Notes' } })
    markdown = `Written through the API.\n\n![A diagram for this post](${media.url})\n`
    const created = await requestJson(`${service.base}/api/admin/articles`, {
      method: 'POST',
      token,
      body: { title: TITLE, content: markdown, categoryId: (category.body.data as Doc).id, status: 'published' },
    })
    expect(created.status).toBe(201)
    articleId = (created.body.data as Doc).id
    browser = await launchBrowser()
    context = await newContext(browser, service.base)
    page = await context.newPage()
    await logIn(page, service.base, ADMIN.email, ADMIN.password)
  }, 600_000)

  afterAll(async () => {
    await browser?.close()
    await service?.stop()
  }, 60_000)

  const step = (name: string, run: () => Promise<void>) =>
    it(name, async () => {
      try {
        await run()
      } catch (error) {
        const file = path.join(os.tmpdir(), `e2e-failure-${name.replace(/\W+/g, '-').slice(0, 60)}.png`)
        const saved = await page?.screenshot({ path: file }).then(() => true, () => false)
        if (saved && error instanceof Error) error.message += `\n(the page at that moment: ${file})`
        throw error
      }
    })

  /** The upload of `media` in the article's editor, showing its picture. */
  const uploadInEditor = () => page.locator(`.rich-text-lexical [data-filename="${media.filename}"] img`)

  step('an image written in Markdown shows in the editor as an upload of its media item', async () => {
    const record = await articleRecord()
    expect(record.content).toBe(markdown)
    expect(record.contentRichText.root.children.map((node) => [node.type, node.value])).toEqual([
      ['paragraph', undefined],
      ['upload', media.id],
    ])
    await page.goto(`${service.base}/admin/collections/articles/${articleId}`)
    await uploadInEditor().waitFor()
    await page.waitForFunction((filename) => {
      const image = document.querySelector<HTMLImageElement>(`.rich-text-lexical [data-filename="${filename}"] img`)
      return image !== null && image.complete && image.naturalWidth > 0
    }, media.filename)
  })

  step('deleting the image the article uses is refused: the toast says by what, and the image stays', async () => {
    const inUse = `This image is used by article "${TITLE}"; remove it from there first.`
    const isMediaDelete = (r: Response) => r.request().method() === 'DELETE' && new URL(r.url()).pathname.startsWith('/cms-api/media')
    const stillThere = async () => [(await requestJson(`${service.base}/cms-api/media/${media.id}`, { token })).status, (await fetch(`${service.base}${media.url}`)).status]

    await page.goto(`${service.base}/admin/collections/media/${media.id}`)
    await page.locator('.doc-controls__dots').click()
    await page.locator('#action-delete').click()
    const [single] = await Promise.all([
      page.waitForResponse(isMediaDelete),
      page.getByRole('dialog').getByRole('button', { name: 'Confirm', exact: true }).click(),
    ])
    expect(single.status()).toBe(409)
    await page.getByText(inUse, { exact: true }).waitFor()
    await expect(stillThere()).resolves.toEqual([200, 200])

    await page.goto(`${service.base}/admin/collections/media`)
    await page.getByRole('row').filter({ hasText: 'The harbour at dusk' }).getByRole('checkbox').check()
    await page.getByRole('button', { name: 'Delete', exact: true }).click()
    const [bulk] = await Promise.all([
      page.waitForResponse(isMediaDelete),
      page.getByRole('dialog').getByRole('button', { name: 'Confirm', exact: true }).click(),
    ])
    expect(bulk.status()).toBe(400)
    await page.getByText(inUse, { exact: true }).waitFor()
    await expect(stillThere()).resolves.toEqual([200, 200])
  })

  step('restoring the version with the image brings it back as the same upload, and its Markdown', async () => {
    const withImage = await articleRecord()
    await editThroughApi('The image is gone in this version.')
    await editThroughApi('And in this one.')
    expect((await articleRecord()).contentRichText.root.children.map((node) => node.type)).toEqual(['paragraph'])

    const history = await requestJson(`${service.base}/cms-api/articles/versions?where[parent][equals]=${articleId}&sort=updatedAt&depth=0`, { token })
    const first = (history.body.docs as { id: number; version: { content: string } }[]).find((version) => version.version.content === markdown)!
    await page.goto(`${service.base}/admin/collections/articles/${articleId}/versions/${first.id}`)
    await page.getByRole('button', { name: 'Restore this version' }).click()
    const isRestore = (r: Response) => r.request().method() === 'POST' && new URL(r.url()).pathname === `/cms-api/articles/versions/${first.id}`
    const [restored] = await Promise.all([page.waitForResponse(isRestore), page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click()])
    expect(restored.status()).toBe(200)
    await page.waitForURL((url) => url.pathname === `/admin/collections/articles/${articleId}`)

    const after = await articleRecord()
    expect(after.content).toBe(markdown)
    expect(after.contentRichText).toEqual(withImage.contentRichText)
    await page.reload()
    await uploadInEditor().waitFor()
  })
})
