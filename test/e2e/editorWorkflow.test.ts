import http from 'node:http'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page, Response } from 'playwright-core'
import Parser from 'rss-parser'
import { Webhook } from 'standardwebhooks'
import sharp from 'sharp'

import { chooseOption, formStateContains, imagesLoaded, launchBrowser, logIn, newContext, save, screenshot, watchFormStates } from './browser'
import { ADMIN, apiLogin, createAccount, ensureAdminBuild, requestJson, startService, type E2EService } from './service'

// The editor's day in the admin UI, in a real Chromium, against the production build on a fresh SQLite database.
// The steps run in order and build on each other (the article needs the category, the gallery the uploads).

const EDITOR = { email: 'editor@example.com', password: 'editor e2e password', name: 'Eddie Editor', role: 'editor' }
const MEMBER = { email: 'member@example.com', password: 'member e2e password', name: 'Mia Member', role: 'user' }

const ARTICLE = {
  title: 'Shipping a content service',
  heading: 'Getting started',
  linkText: 'the Payload docs',
  linkUrl: 'https://payloadcms.com/docs',
  items: ['Install the package', 'Run the migrations'],
  language: { label: 'TypeScript', key: 'typescript' },
  code: ['const answer: number = 42', 'console.log(answer)'],
}

type Doc = Record<string, unknown> & { id: number }

/** The form state of the code block's fields inside the article's rich text, as the admin UI names it. */
const CODE_BLOCK_FIELDS = /^articles\.contentRichText\..*\bCode\.fields$/

/** A 960x600 picture (sky, sun, hills) for the uploads, drawn by sharp from SVG. */
const landscapeSvg = (sky: string, hills: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="600">
    <rect width="960" height="600" fill="${sky}"/>
    <circle cx="720" cy="160" r="70" fill="#fef9c3"/>
    <path d="M0 420 Q240 300 480 410 T960 380 V600 H0 Z" fill="${hills}" opacity="0.75"/>
    <path d="M0 500 Q300 420 620 500 T960 470 V600 H0 Z" fill="${hills}"/>
  </svg>`

describe('an editor in the admin UI', () => {
  let service: E2EService
  let browser: Browser
  let context: BrowserContext
  let page: Page
  let adminId: number
  let categoryId: number
  let article: Doc
  const media: Doc[] = []

  beforeAll(async () => {
    await ensureAdminBuild()
    service = await startService()
    const adminToken = await apiLogin(service.base, ADMIN.email, ADMIN.password)
    const me = await requestJson(`${service.base}/cms-api/users/me`, { token: adminToken })
    adminId = (me.body.user as Doc).id
    await createAccount(service.base, adminToken, EDITOR)
    await createAccount(service.base, adminToken, MEMBER)
    browser = await launchBrowser()
    context = await newContext(browser, service.base)
    page = await context.newPage()
  }, 600_000)

  afterAll(async () => {
    await browser?.close()
    await service?.stop()
  }, 60_000)

  /** Publishes an article through /api/admin, as the editor, in a new category of its own: its id. */
  const publishThroughApi = async (token: string, categoryName: string, title: string, content: string): Promise<number> => {
    const category = await requestJson(`${service.base}/api/admin/categories`, { method: 'POST', token, body: { name: categoryName } })
    expect(category.status).toBe(201)
    const created = await requestJson(`${service.base}/api/admin/articles`, {
      method: 'POST',
      token,
      body: { title, content, categoryId: (category.body.data as Doc).id, status: 'published' },
    })
    expect(created.status).toBe(201)
    return (created.body.data as Doc).id as number
  }

  /** Runs `use` on the edit view of article `id`, in a browser context of its own logged in as the editor. */
  const inArticleEditor = async (id: number, use: (editorPage: Page) => Promise<void>) => {
    const editorContext = await newContext(browser, service.base)
    const editorPage = await editorContext.newPage()
    try {
      await logIn(editorPage, service.base, EDITOR.email, EDITOR.password)
      await editorPage.goto(`${service.base}/admin/collections/articles/${id}`)
      await use(editorPage)
    } finally {
      await editorContext.close()
    }
  }

  /** A step of the workflow; when it fails, the error names a screenshot of the editor's page at that moment. */
  const step = (name: string, run: () => Promise<void>) =>
    it(name, async () => {
      try {
        await run()
      } catch (error) {
        const file = path.join(os.tmpdir(), `e2e-failure-${name.replace(/\W+/g, '-').slice(0, 60)}.png`)
        const saved = await page?.screenshot({ path: file }).then(() => true, () => false)
        if (saved && error instanceof Error) {
          const note = `\n(the page at that moment: ${file}; the service's last output:\n${service.output().slice(-1500)})`
          error.stack = error.stack?.replace(error.message, error.message + note)
          error.message += note
        }
        throw error
      }
    })

  step('a site member who logs in is refused the admin UI', async () => {
    const memberContext = await newContext(browser, service.base)
    try {
      const memberPage = await memberContext.newPage()
      await logIn(memberPage, service.base, MEMBER.email, MEMBER.password)
      await memberPage.waitForURL((url) => url.pathname === '/admin/unauthorized')
      await memberPage.getByRole('heading', { name: /this user does not have access to the admin panel/ }).waitFor()
      await expect(memberPage.getByRole('navigation').count()).resolves.toBe(0)

      // Nor can they reach a collection by its address.
      await memberPage.goto(`${service.base}/admin/collections/articles`)
      await memberPage.waitForURL((url) => url.pathname === '/admin/unauthorized')
      await memberPage.getByRole('heading', { name: /this user does not have access to the admin panel/ }).waitFor()
    } finally {
      await memberContext.close()
    }
  })

  step('logs in and finds the content collections, but no Users', async () => {
    await logIn(page, service.base, EDITOR.email, EDITOR.password)
    const nav = page.getByRole('navigation')
    for (const label of ['Articles', 'Categories', 'Galleries', 'Media', 'Wall Messages']) {
      await nav.getByRole('link', { name: label, exact: true }).waitFor()
    }
    await expect(nav.getByRole('link', { name: 'Users', exact: true }).count()).resolves.toBe(0)
  })

  step('cannot open the admin account by its address', async () => {
    await page.goto(`${service.base}/admin/collections/users/${adminId}`)
    await page.getByText('Nothing found').waitFor()
    await expect(page.getByText(ADMIN.email).count()).resolves.toBe(0)
    expect(new URL(page.url()).pathname).not.toBe(`/admin/collections/users/${adminId}`)
  })

  step('creates an article category', async () => {
    await page.goto(`${service.base}/admin/collections/categories/create`)
    await page.getByLabel('Name').fill('Engineering')
    await chooseOption(page, 'type', 'Article')
    const { status, body } = await save(page, 'categories')
    expect(status).toBe(201)
    expect(body.doc).toMatchObject({ name: 'Engineering', type: 'article' })
    categoryId = (body.doc as Doc).id
  })

  step('writes an article with a heading, a list, a link and a code block, and saves it as a draft', async () => {
    const editor = page.locator('[data-field-path="contentRichText"] [contenteditable="true"]')
    const codeBlock = editor.locator('.payload-richtext-code-block')
    const code = ARTICLE.code.join('\n')
    const lastLine = ARTICLE.code.at(-1)!

    const typeCode = async ({ clearFirst = false } = {}) => {
      await codeBlock.locator('.monaco-editor .view-lines').click()
      await page.keyboard.press('ControlOrMeta+A')
      if (clearFirst) {
        // Replacing the code with the same code changes nothing the form would send: empty it first.
        await page.keyboard.press('Delete')
        await codeBlock.locator('.view-line', { hasText: lastLine }).waitFor({ state: 'detached' })
      }
      await page.keyboard.insertText(code) // insertText, not type: Monaco would auto-close brackets typed key by key
      await codeBlock.locator('.view-line', { hasText: lastLine }).waitFor()
    }

    /** Writes the whole article on a new create page; resolves once the code block's code reached its form state. */
    const compose = async (): Promise<boolean> => {
      // Starting anew leaves an unsaved form: its "leave this page?" prompt is answered yes.
      page.once('dialog', (dialog) => {
        if (dialog.type() === 'beforeunload') dialog.accept().catch(() => {}) // (or Playwright already did)
      })
      await page.goto(`${service.base}/admin/collections/articles/create`)
      await page.getByLabel('Title').fill(ARTICLE.title)
      await editor.click()
      // Markdown shortcuts: "## " makes a heading, "- " a list, [text](url) a link (typed character by character).
      await page.keyboard.type(`## ${ARTICLE.heading}`)
      await page.keyboard.press('Enter')
      await page.keyboard.type(`Read [${ARTICLE.linkText}](${ARTICLE.linkUrl}) first.`)
      await page.keyboard.press('Enter')
      await page.keyboard.type(`- ${ARTICLE.items[0]}`)
      await page.keyboard.press('Enter')
      await page.keyboard.type(ARTICLE.items[1]!)
      await page.keyboard.press('Enter')
      await page.keyboard.press('Enter') // an empty item leaves the list
      await editor.locator('h2', { hasText: ARTICLE.heading }).waitFor()
      await editor.locator(`a[href="${ARTICLE.linkUrl}"]`, { hasText: ARTICLE.linkText }).waitFor()
      await expect(editor.locator('ul > li').allTextContents()).resolves.toEqual(ARTICLE.items)

      // The code block: the slash menu offers the "Code" block; its language is a searchable menu, its code a Monaco editor.
      await page.keyboard.type('/code')
      await page.getByRole('option', { name: 'Code', exact: true }).click()
      await codeBlock.locator('.monaco-editor').waitFor()
      await codeBlock.locator('.payload-richtext-code-block__language-selector').getByRole('button').click()
      await page.getByPlaceholder('Search for a language').fill(ARTICLE.language.label)
      await page.getByRole('menuitem', { name: ARTICLE.language.label, exact: true }).click()
      await codeBlock.locator(`[data-selected-language="${ARTICLE.language.key}"]`).waitFor()

      // The code is typed once the admin UI has been quiet for a second, as a person pauses after choosing the language.
      // Typed at once, it lands while the language's form state (sent after a 250 ms debounce) is on its way: Payload's
      // Form (3.90) then takes the merged answer, which holds the code, as the state it last sent, so the code never
      // gets a form state of its own (3 attempts of 10 on 2026-12-03; none of 22 after a pause of 0.6 s), which this
      // step waits for. The save keeps it all the same (components/CodeBlockKeepingCode.tsx; adminDetails tests that).
      await formStates.settled(20_000, 1_000)
      const reachedBlock = formStateContains(page, CODE_BLOCK_FIELDS, lastLine, 5_000)
      await typeCode()
      if (await reachedBlock.then(() => true, () => false)) return true
      // On a busy machine the text can land before the editor listens for changes (@monaco-editor/react subscribes
      // one render after the editor appears): then nothing was sent, and typing it once more is seen.
      process.stdout.write('e2e: the code block missed the typed code; typing it again\n')
      const retyped = formStateContains(page, CODE_BLOCK_FIELDS, lastLine, 10_000)
      await typeCode({ clearFirst: true })
      return retyped.then(() => true, () => false)
    }

    // Should the block still miss its code, the article is started anew; each attempt says what the admin UI sent
    // and heard when it fails.
    let composed = false
    let formStates = watchFormStates(page)
    let codeReachedDocument: Promise<void> = Promise.resolve()
    for (let attempt = 1; attempt <= 3 && !composed; attempt++) {
      formStates.stop()
      formStates = watchFormStates(page)
      codeReachedDocument = formStateContains(page, 'articles', lastLine, 120_000)
      codeReachedDocument.catch(() => {}) // awaited below when this attempt succeeds; an abandoned one's failure is moot
      composed = await compose()
      if (!composed) {
        process.stdout.write(
          `e2e: the code block never sent its code (attempt ${attempt}); writing the article again. What the page sent:\n${formStates.describe()}\n`,
        )
      }
    }
    formStates.stop()
    expect(composed).toBe(true)
    await expect(codeBlock.locator('.view-line').allInnerTexts()).resolves.toEqual(
      ARTICLE.code.map((line) => line.replace(/ /g, '\u00a0')),
    )

    await chooseOption(page, 'category', 'Engineering')
    await codeReachedDocument
    const { status, body } = await save(page, 'articles')
    expect(status).toBe(201)
    article = body.doc as Doc
    // The save wrote the Markdown from the rich text, code block included.
    expect(article.content).toContain(ARTICLE.code.join('\n'))
    expect(article).toMatchObject({ title: ARTICLE.title, status: 'draft', category: categoryId })

    // A draft stays off the public site.
    const publicSlug = `${article.slug as string}-${article.id}`
    expect((await requestJson(`${service.base}/api/articles/${publicSlug}`)).status).toBe(404)
  })

  step('publishes the article, and /api serves its Markdown', async () => {
    await chooseOption(page, 'status', 'Published')
    const { status, body } = await save(page, 'articles')
    expect(status).toBe(200)
    expect(body.doc).toMatchObject({ id: article.id, status: 'published' })

    // The editor as an editor finds it again: the content filled in, and the Markdown the save wrote below it.
    await page.reload()
    await expect(page.locator('#field-content').inputValue()).resolves.toContain(`## ${ARTICLE.heading}`)
    await page.locator('#field-status .rs__single-value', { hasText: 'Published' }).waitFor()
    await page.locator('.payload-richtext-code-block .monaco-editor .view-line', { hasText: 'console.log' }).waitFor()
    // SITE_URL makes the preview button link to the article on the public site.
    await expect(page.getByRole('link', { name: 'Preview' }).getAttribute('href')).resolves.toBe(
      `https://site.example.com/articles/${article.slug as string}-${article.id}`,
    )
    await page.evaluate(() => window.scrollTo(0, 0)) // a reload keeps the scroll position
    await screenshot(page, 'article-editor')

    const list = await requestJson(`${service.base}/api/articles`)
    expect(list.status).toBe(200)
    const slug = `${article.slug as string}-${article.id}`
    expect(list.body.data).toEqual([expect.objectContaining({ id: article.id, title: ARTICLE.title, category: 'Engineering', slug })])

    const one = await requestJson(`${service.base}/api/articles/${slug}`)
    expect(one.status).toBe(200)
    expect(one.body.success).toBe(true)
    const served = one.body.data as { content: string; status: string; authorName: string }
    expect(served).toMatchObject({ status: 'published', authorName: EDITOR.name })
    const { content } = served
    expect(content).toContain(`## ${ARTICLE.heading}`)
    expect(content).toContain(`[${ARTICLE.linkText}](${ARTICLE.linkUrl})`)
    for (const item of ARTICLE.items) expect(content).toMatch(new RegExp(`^- ${item}$`, 'm'))
    expect(content).toContain(['```' + ARTICLE.language.key, ...ARTICLE.code, '```'].join('\n'))

    // Readers find it at once: the search, answered from the memory copy of the index, marks the words they typed.
    const found = await requestJson(`${service.base}/api/search?q=migrat`)
    expect(found.status).toBe(200)
    expect(found.body.pagination).toMatchObject({ total: 1 })
    expect(found.body.data).toEqual([expect.objectContaining({ type: 'article', id: article.id, title: ARTICLE.title, slug })])
    expect((found.body.data as { snippet: string }[])[0]!.snippet).toContain('<mark>migrations</mark>')
  })

  step('renames the feed in the Site settings, and the RSS feed shows the new title', async () => {
    const readFeed = async () => {
      const res = await fetch(`${service.base}/api/feeds/rss.xml`)
      expect(res.status).toBe(200)
      return new Parser().parseString(await res.text())
    }
    const link = `https://site.example.com/articles/${article.slug as string}-${article.id}`
    const before = await readFeed() // now in the service's cache: the save below must clear it
    expect(before.title).toBe('Blog')
    expect(before.items.map((item) => item.link)).toEqual([link])

    await page.goto(`${service.base}/admin/globals/site`)
    const title = page.locator('#field-feed__title')
    await expect(title.inputValue()).resolves.toBe('Blog')
    await title.fill('Eddie writes')
    const { status } = await save(page, 'globals/site')
    expect(status).toBe(200)

    const after = await readFeed()
    expect(after.title).toBe('Eddie writes')
    expect(after.items.map((item) => [item.link, item.title])).toEqual([[link, ARTICLE.title]])
  })

  step('edits the article twice, restores the version before the edits, and /api serves its Markdown', async () => {
    const slug = `${article.slug as string}-${article.id}`
    const served = async () => ((await requestJson(`${service.base}/api/articles/${slug}`)).body.data as { content: string }).content
    const before = await served()
    const editor = page.locator('[data-field-path="contentRichText"] [contenteditable="true"]')
    for (const words of ['Edited once.', 'Edited twice.']) {
      await page.goto(`${service.base}/admin/collections/articles/${article.id}`)
      await editor.locator('p', { hasText: 'first.' }).click()
      await page.keyboard.press('End')
      await page.keyboard.type(` ${words}`)
      await editor.locator('p', { hasText: words }).waitFor()
      // The rich text reaches the form a moment after the keys (the editor debounces its changes): a save before
      // that sends the text without its last keys. Let it settle; if the save still missed them, change the text
      // once more (a space typed and taken back) so the form has something new to save.
      await page.waitForTimeout(1000)
      let saved = await save(page, 'articles')
      for (let attempt = 1; attempt < 4 && !String((saved.body.doc as Doc).content).includes(words); attempt++) {
        await editor.locator('p', { hasText: words }).click()
        await page.keyboard.press('End')
        await page.keyboard.type(' ')
        await page.keyboard.press('Backspace')
        await page.waitForTimeout(1000)
        saved = await save(page, 'articles')
      }
      expect(saved.status).toBe(200)
      expect((saved.body.doc as Doc).content).toContain(words)
    }
    expect(await served()).toContain('Edited twice.')
    const searchTotal = async (q: string) => ((await requestJson(`${service.base}/api/search?q=${q}`)).body.pagination as { total: number }).total
    expect(await searchTotal('twice')).toBe(1)

    // The Versions tab lists the saves, newest first; the one before the edits is restored from its own page.
    await page.goto(`${service.base}/admin/collections/articles/${article.id}/versions`)
    const token = await apiLogin(service.base, EDITOR.email, EDITOR.password)
    const history = await requestJson(`${service.base}/cms-api/articles/versions?where[parent][equals]=${article.id}&sort=-updatedAt&depth=0`, { token })
    const versions = history.body.docs as { id: number; version: { content: string; lastEditedBy: number } }[]
    expect(versions.length).toBeGreaterThanOrEqual(4)
    await expect(page.locator('.table tbody tr').count()).resolves.toBe(versions.length)
    const beforeEdits = versions.find((version) => version.version.content === before)!
    await page.goto(`${service.base}/admin/collections/articles/${article.id}/versions/${beforeEdits.id}`)
    await page.getByRole('button', { name: 'Restore this version' }).click()
    const isRestore = (r: Response) => r.request().method() === 'POST' && new URL(r.url()).pathname === `/cms-api/articles/versions/${beforeEdits.id}`
    const [restored] = await Promise.all([page.waitForResponse(isRestore), page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click()])
    expect(restored.status()).toBe(200)
    expect(await served()).toBe(before)
    expect(await searchTotal('twice')).toBe(0)
    await page.waitForURL((url) => url.pathname === `/admin/collections/articles/${article.id}`)
  })

  step('cannot delete the category that holds the article: the admin UI says why, and the category stays', async () => {
    const inUse = 'This category is used by 1 article; move it to another category first.'
    const isCategoryDelete = (r: Response) => r.request().method() === 'DELETE' && new URL(r.url()).pathname.startsWith('/cms-api/categories')
    const stillThere = async () => (await requestJson(`${service.base}/cms-api/categories/${categoryId}`)).status

    // From the category's own page: the "..." menu, Delete, Confirm.
    await page.goto(`${service.base}/admin/collections/categories/${categoryId}`)
    await page.locator('.doc-controls__dots').click()
    await page.locator('#action-delete').click()
    const [single] = await Promise.all([
      page.waitForResponse(isCategoryDelete),
      page.getByRole('dialog').getByRole('button', { name: 'Confirm', exact: true }).click(),
    ])
    expect(single.status()).toBe(409)
    await page.getByText(inUse, { exact: true }).waitFor()
    await expect(stillThere()).resolves.toBe(200)

    // From the list: select it, Delete, Confirm (a bulk delete, reported per document).
    await page.goto(`${service.base}/admin/collections/categories`)
    await page.getByRole('row').filter({ hasText: 'Engineering' }).getByRole('checkbox').check()
    await page.getByRole('button', { name: 'Delete', exact: true }).click()
    const [bulk] = await Promise.all([
      page.waitForResponse(isCategoryDelete),
      page.getByRole('dialog').getByRole('button', { name: 'Confirm', exact: true }).click(),
    ])
    expect(bulk.status()).toBe(400)
    await page.getByText('Unable to delete 1 out of 1 Category.', { exact: true }).waitFor()
    await page.getByText(inUse, { exact: true }).waitFor()
    await expect(stillThere()).resolves.toBe(200)
    await page.getByRole('row').filter({ hasText: 'Engineering' }).waitFor()
  })

  step('uploads two images to the media library', async () => {
    for (const [index, [sky, hills]] of [['#93c5fd', '#15803d'], ['#fdba74', '#7c2d12']].entries()) {
      const file = path.join(service.dataDir, `e2e-upload-${index + 1}.png`)
      await sharp(Buffer.from(landscapeSvg(sky!, hills!))).png().toFile(file)
      await page.goto(`${service.base}/admin/collections/media/create`)
      await page.locator('input[type="file"]').setInputFiles(file)
      await page.getByRole('textbox', { name: 'Alt' }).fill(`Test card ${index + 1}`)
      const { status, body } = await save(page, 'media')
      expect(status).toBe(201)
      const doc = body.doc as Doc & { sizes: { thumbnail: { url: string; width: number } } }
      expect(doc).toMatchObject({ alt: `Test card ${index + 1}`, mimeType: 'image/png', width: 960 })
      expect(doc.sizes.thumbnail.width).toBe(400)
      media.push(doc)
    }

    await page.goto(`${service.base}/admin/collections/media`)
    for (const doc of media) await page.getByRole('cell', { name: doc.alt as string, exact: true }).waitFor()
    await imagesLoaded(page)
    await screenshot(page, 'media-library')
  })

  step('builds a gallery from the two uploads', async () => {
    await page.goto(`${service.base}/admin/collections/galleries/create`)
    // Rows first, while the form is idle: in Payload 3.90 a row added while the form's previous change is still being
    // sent to the server can keep its loading placeholder for good (about one time in ten when the rows were added
    // right after choosing an image). A row is ready when its upload field shows its buttons.
    for (const index of media.keys()) {
      await page.getByRole('button', { name: 'Add Image' }).click()
      await page.locator(`#images-row-${index}`).getByRole('button', { name: 'Choose from existing' }).waitFor()
    }
    for (const [index, doc] of media.entries()) {
      const row = page.locator(`#images-row-${index}`)
      await row.getByRole('button', { name: 'Choose from existing' }).click()
      // The media list opens in a drawer: a click on a file name chooses it.
      const drawer = page.getByRole('dialog')
      await drawer.getByRole('row').filter({ hasText: doc.alt as string }).getByRole('button', { name: doc.filename as string }).click()
      await drawer.waitFor({ state: 'detached' })
      await row.getByText(doc.filename as string).waitFor()
    }
    await page.getByLabel('Title').fill('Test cards')
    const { status, body } = await save(page, 'galleries')
    expect(status).toBe(201)
    const gallery = body.doc as Doc

    const served = await requestJson(`${service.base}/api/galleries/${gallery.id}`)
    expect(served.status).toBe(200)
    expect(served.body.success).toBe(true)
    const data = served.body.data as { title: string; images: { id: number; url: string; thumbnail: string }[] }
    expect(data.title).toBe('Test cards')
    expect(data.images.map((image) => image.id)).toEqual(media.map((doc) => doc.id))
    for (const image of data.images) {
      expect(image.url).toMatch(/\.png$/)
      expect(image.thumbnail).toMatch(/-400x\d+\.\w+$/)
      const thumbnail = await fetch(new URL(image.thumbnail, service.base))
      expect(thumbnail.status).toBe(200)
      expect(thumbnail.headers.get('content-type')).toMatch(/^image\//)
    }
  })

  step('approves a wall message waiting for moderation', async () => {
    const posted = await requestJson(`${service.base}/api/wall-messages`, {
      method: 'POST',
      body: { nickname: 'Visiting Vera', content: 'Lovely site, thanks for the articles!' },
    })
    expect(posted.status).toBe(201)
    const messageId = (posted.body.data as Doc).id
    const listed = async () => {
      const { body } = await requestJson(`${service.base}/api/wall-messages`)
      return (body.data as Doc[]).map((message) => message.id)
    }
    await expect(listed()).resolves.not.toContain(messageId)

    await page.goto(`${service.base}/admin/collections/wall-messages`)
    await page.getByRole('link', { name: 'Visiting Vera' }).click()
    await page.waitForURL(`**/admin/collections/wall-messages/${messageId}`)
    await page.locator('#field-status .rs__single-value', { hasText: 'Pending' }).waitFor()
    await chooseOption(page, 'status', 'Approved')
    const { status, body } = await save(page, 'wall-messages')
    expect(status).toBe(200)
    expect(body.doc).toMatchObject({ id: messageId, status: 'approved' })

    await expect(listed()).resolves.toContain(messageId)
  })

  step('sees the dashboard', async () => {
    await page.goto(`${service.base}/admin`)
    const nav = page.getByRole('navigation')
    await nav.getByRole('link', { name: 'Articles', exact: true }).waitFor()
    // The "At a glance" counts and the most viewed articles, linked to their editor.
    await page.getByRole('link', { name: /^1\s*Published articles$/ }).waitFor()
    await page.getByRole('link', { name: /^0\s*Wall messages to review$/ }).waitFor()
    await expect(page.getByRole('link', { name: ARTICLE.title, exact: true }).getAttribute('href')).resolves.toBe(
      `/admin/collections/articles/${article.id}`,
    )
    await imagesLoaded(page)
    await screenshot(page, 'dashboard')
  })

  step("edits one paragraph of a hand-written article, and only that paragraph's lines change", async () => {
    const token = await apiLogin(service.base, EDITOR.email, EDITOR.password)
    const handWritten = [
      'Notes from the workshop',
      '=======================',
      '',
      '* bring a laptop',
      '* bring coffee',
      '',
      'The first paragraph, wrapped',
      'by hand.',
      '',
      '| day | room |',
      '|-----|------|',
      '| Mon | 4    |',
      '',
      'The closing paragraph.',
      '',
    ].join('\n')
    const id = await publishThroughApi(token, 'Workshops', 'Hand-written notes', handWritten)
    await inArticleEditor(id, async (editorPage) => {
      const editor = editorPage.locator('[data-field-path="contentRichText"] [contenteditable="true"]')
      await editor.locator('p', { hasText: 'The closing paragraph.' }).click()
      await editorPage.keyboard.press('End')
      await editorPage.keyboard.type(' Edited.')
      await editor.locator('p', { hasText: 'Edited.' }).waitFor()
      await editorPage.waitForTimeout(1000) // the editor hands its changes to the form a moment after the keys
      let saved = await save(editorPage, 'articles')
      for (let attempt = 1; attempt < 4 && !String((saved.body.doc as Doc).content).includes('Edited.'); attempt++) {
        await editorPage.keyboard.type(' ')
        await editorPage.keyboard.press('Backspace')
        await editorPage.waitForTimeout(1000)
        saved = await save(editorPage, 'articles')
      }
      expect(saved.status).toBe(200)
      const served = await requestJson(`${service.base}/api/articles/${id}`)
      expect((served.body.data as { content: string }).content).toBe(handWritten.replace('The closing paragraph.', 'The closing paragraph. Edited.'))
    })
  })

  step("shows a code fence's info after the language as a field, and an edit to it changes only the fence line", async () => {
    const token = await apiLogin(service.base, EDITOR.email, EDITOR.password)
    const written = ['Set up the page:', '', '```tsx filename="app/page.tsx"', 'export default function Page() {}', '```', '', 'Done.', ''].join('\n')
    const id = await publishThroughApi(token, 'Fences', 'A fence with a file name', written)
    await inArticleEditor(id, async (editorPage) => {
      // The label is drawn above the input but not tied to it inside a rich-text block: find the field by its label.
      const meta = editorPage
        .locator('[data-field-path="contentRichText"] .field-type.text', { has: editorPage.getByText('Fence info after the language') })
        .locator('input')
      await meta.waitFor()
      expect(await meta.inputValue()).toBe('filename="app/page.tsx"')
      await meta.fill('filename="app/layout.tsx"')
      await editorPage.waitForTimeout(1000) // the block hands its fields to the form a moment after the keys
      const saved = await save(editorPage, 'articles')
      expect(saved.status).toBe(200)
      const served = await requestJson(`${service.base}/api/articles/${id}`)
      expect((served.body.data as { content: string }).content).toBe(written.replace('app/page.tsx', 'app/layout.tsx'))
    })
  })

  step("sees views per day: 7 views today on the article's chart, and the site's total on the dashboard's", async () => {
    const token = await apiLogin(service.base, EDITOR.email, EDITOR.password)
    const id = await publishThroughApi(token, 'Charts', 'Read seven times today', 'Counted.')
    for (let view = 0; view < 7; view++) expect((await requestJson(`${service.base}/api/articles/${id}`)).status).toBe(200)
    const site = await requestJson(`${service.base}/api/admin/stats/views?days=30`, { token })
    const siteTotal = (site.body.data as { views: number }[]).reduce((sum, day) => sum + day.views, 0)
    expect(siteTotal).toBeGreaterThanOrEqual(7)
    await inArticleEditor(id, async (editorPage) => {
      const own = editorPage.locator('[data-views-chart="Views of this article"]')
      await own.waitFor()
      expect(await own.getAttribute('data-total')).toBe('7')
      expect(await own.locator('[data-views-total]').textContent()).toBe('7 views in the last 30 days')
      expect(await own.locator('rect[data-views]').last().getAttribute('data-views')).toBe('7')

      await editorPage.goto(`${service.base}/admin`)
      const dashboard = editorPage.locator('[data-views-chart="Site views"]')
      await dashboard.waitFor()
      expect(await dashboard.getAttribute('data-total')).toBe(String(siteTotal))
    })
  })

  step('schedules a draft in the date picker, and it publishes itself at that moment', async () => {
    const token = await apiLogin(service.base, EDITOR.email, EDITOR.password)
    const created = await requestJson(`${service.base}/api/admin/articles`, {
      method: 'POST',
      token,
      body: { title: 'Scheduled in the picker', content: 'Coming soon.', categoryId },
    })
    expect(created.status).toBe(201)
    const id = (created.body.data as Doc).id
    // A whole minute (the picker shows minutes) at least 20 s ahead, typed as the picker writes it, in the browser's zone.
    const moment = Math.ceil((Date.now() + 20_000) / 60_000) * 60_000
    const typed = await page.evaluate((ms) => {
      const text = new Date(ms).toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' })
      return text.replace(/, (\d+:\d+)/, ' $1')
    }, moment)
    await page.goto(`${service.base}/admin/collections/articles/${id}`)
    const input = page.locator('#field-publishAt input')
    await input.click()
    await input.fill(typed)
    await page.keyboard.press('Enter')
    const { status, body } = await save(page, 'articles')
    expect(status).toBe(200)
    expect(body.doc).toMatchObject({ status: 'draft', publishAt: new Date(moment).toISOString() })
    expect((await requestJson(`${service.base}/api/articles/${id}`)).status).toBe(404)

    // The list shows when it goes out.
    await page.goto(`${service.base}/admin/collections/articles`)
    const time = typed.split(' ').slice(-2).join(' ')
    await page.getByRole('row').filter({ hasText: 'Scheduled in the picker' }).getByText(new RegExp(`${time}$`)).waitFor()

    const deadline = moment + 30_000
    let answer = await requestJson(`${service.base}/api/articles/${id}`)
    while (answer.status !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500))
      answer = await requestJson(`${service.base}/api/articles/${id}`)
    }
    expect(answer.status).toBe(200)
    expect(Date.now()).toBeGreaterThanOrEqual(moment)
    const stored = await requestJson(`${service.base}/cms-api/articles/${id}?depth=0`, { token })
    expect(stored.body).toMatchObject({ status: 'published', publishedAt: new Date(moment).toISOString() })
  })

  step('a developer reads the API reference at /api/docs, which loads nothing from the internet', async () => {
    const readerContext = await newContext(browser, service.base)
    try {
      const docsPage = await readerContext.newPage()
      const requested: string[] = []
      docsPage.on('request', (request) => requested.push(request.url()))
      await docsPage.goto(`${service.base}/api/docs`)
      // The reference is rendered from /api/openapi.json: its title, and a route opened from the sidebar.
      await docsPage.getByRole('heading', { name: 'Blog and portfolio content API' }).waitFor()
      await docsPage.getByText('Articles', { exact: true }).first().click()
      await docsPage.getByText('Published articles, newest first').first().waitFor()
      await screenshot(docsPage, 'api-reference')
      const { origin } = new URL(service.base)
      expect(requested.filter((url) => !url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:'))).toEqual([])
      expect(requested).toContain(`${origin}/api/openapi.json`)
    } finally {
      await readerContext.close()
    }
  })

  step('an admin sends a webhook a test event from its page, and the receiver verifies the signature', async () => {
    const received: { headers: http.IncomingHttpHeaders; body: string }[] = []
    const receiver = http.createServer((req, res) => {
      let body = ''
      req.on('data', (chunk: Buffer) => (body += chunk.toString()))
      req.on('end', () => {
        received.push({ headers: req.headers, body })
        res.writeHead(204).end()
      })
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    const adminContext = await newContext(browser, service.base)
    try {
      const { port } = receiver.address() as { port: number }
      const token = await apiLogin(service.base, ADMIN.email, ADMIN.password)
      const created = await requestJson(`${service.base}/cms-api/webhooks`, {
        method: 'POST',
        token,
        body: { url: `http://127.0.0.1:${port}/rebuild`, events: ['article.published'] },
      })
      expect(created.status).toBe(201)
      const webhook = (created.body as { doc: Doc & { secret: string } }).doc

      const adminPage = await adminContext.newPage()
      await logIn(adminPage, service.base, ADMIN.email, ADMIN.password)
      await adminPage.goto(`${service.base}/admin/collections/webhooks/${webhook.id}`)
      await adminPage.getByRole('button', { name: 'Send test event' }).click()
      const result = adminPage.locator('[data-webhook-test-result="ok"]')
      await result.waitFor()
      await expect(result.textContent()).resolves.toMatch(/^Delivered: 204 in \d+ ms/)

      expect(received).toHaveLength(1)
      const [delivery] = received
      const verified = new Webhook(webhook.secret).verify(delivery!.body, {
        'webhook-id': String(delivery!.headers['webhook-id']),
        'webhook-timestamp': String(delivery!.headers['webhook-timestamp']),
        'webhook-signature': String(delivery!.headers['webhook-signature']),
      })
      expect(verified).toMatchObject({ type: 'webhook.test' })
      // The attempt is on record, and the page links it.
      await adminPage.locator('a[data-webhook-test-delivery]').click()
      await adminPage.waitForURL((url) => url.pathname.startsWith('/admin/collections/webhook-deliveries/'))
      const deliveryId = new URL(adminPage.url()).pathname.split('/').at(-1)
      const record = await requestJson(`${service.base}/cms-api/webhook-deliveries/${deliveryId}?depth=0`, { token })
      expect(record.body).toMatchObject({ status: 'succeeded', attempts: [expect.objectContaining({ statusCode: 204 })] })
    } finally {
      await adminContext.close()
      await new Promise((resolve) => receiver.close(resolve))
    }
  })
})
