import fs from 'node:fs'
import path from 'node:path'

import { type Browser, type BrowserContext, chromium, type Page, type Request, type Response } from 'playwright-core'
import sharp from 'sharp'

const ROOT = path.resolve(import.meta.dirname, '../..')
export const CHROMIUM = '/usr/bin/chromium'
export const SCREENSHOT_DIR = path.join(ROOT, 'docs', 'screenshots')

export const launchBrowser = (): Promise<Browser> => {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium)`)
  // --no-sandbox: Chromium refuses to start its sandbox as root (CI containers).
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] })
}

let avatarPng: Promise<Buffer> | undefined
const avatar = () =>
  (avatarPng ??= sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="50" height="50"><circle cx="25" cy="25" r="25" fill="#c9ced6"/></svg>'))
    .png()
    .toBuffer())

/**
 * A 1280x800 browser context that never leaves the machine: Gravatar avatars get a grey disc; anything else outside
 * the service is refused (the code fields' Monaco editor comes from the service itself).
 */
export const newContext = async (browser: Browser, base: string): Promise<BrowserContext> => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const origin = new URL(base).origin
  await context.route(
    (url) => url.origin !== origin,
    async (route) => {
      const url = route.request().url()
      if (new URL(url).hostname.endsWith('gravatar.com')) return route.fulfill({ contentType: 'image/png', body: await avatar() })
      return route.abort('blockedbyclient')
    },
  )
  return context
}

/** Logs in through the admin UI's login form and waits for the page it leads to. */
export const logIn = async (page: Page, base: string, email: string, password: string): Promise<void> => {
  await page.goto(`${base}/admin/login`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/cms-api/users/login'),
    page.getByRole('button', { name: 'Login' }).click(),
  ])
  if (response.status() !== 200) throw new Error(`admin login of ${email}: ${response.status()} ${await response.text()}`)
  await page.waitForURL((url) => !url.pathname.endsWith('/login'))
}

/**
 * Clicks Save and returns the JSON the create (POST) or update (PATCH) request answered, once the admin UI has
 * taken it in: a create moves to the new document's address, an update shows the server's message as a toast.
 */
export const save = async (page: Page, collection: string): Promise<{ status: number; body: Record<string, unknown> }> => {
  const isSave = (r: Response) =>
    ['POST', 'PATCH'].includes(r.request().method()) && new URL(r.url()).pathname.startsWith(`/cms-api/${collection}`)
  const [response] = await Promise.all([page.waitForResponse(isSave), page.getByRole('button', { name: 'Save', exact: true }).click()])
  const status = response.status()
  const body = (await response.json()) as { doc?: { id?: number }; message?: string }
  if (status === 201 && body.doc?.id !== undefined) {
    await page.waitForURL((url) => url.pathname === `/admin/collections/${collection}/${body.doc!.id}`)
  } else if (status === 200 && body.message) {
    await page.getByText(body.message, { exact: true }).first().waitFor()
  }
  return { status, body }
}

/**
 * Resolves when the admin UI sends the server a form state (its request after each change) for `schemaPath` (the
 * document's collection, or a path matching a block's fields) that contains `text`. Fields inside a rich-text
 * block (the code block's code) reach the document only after their block's own round trip; a Save before that
 * would store the block without them.
 */
export const formStateContains = (page: Page, schemaPath: string | RegExp, text: string, timeout = 30_000): Promise<void> => {
  const needle = JSON.stringify(text).slice(1, -1)
  const seen: string[] = []
  return new Promise<void>((resolve, reject) => {
    const onRequest = (request: Request) => {
      const body = request.postData()
      if (body === null || !body.includes('"name":"form-state"')) return
      const path = /"schemaPath":"([^"]*)"/.exec(body)?.[1] ?? ''
      const found = body.includes(needle)
      seen.push(`${path} (${body.length} bytes${found ? ', with the text' : ''})`)
      if ((typeof schemaPath === 'string' ? path === schemaPath : schemaPath.test(path)) && found) finish()
    }
    const timer = setTimeout(() => {
      finish(new Error(`no form-state request of ${schemaPath} contained ${JSON.stringify(text)} within ${timeout} ms; seen: ${seen.join('; ') || 'none'}`))
    }, timeout)
    const finish = (error?: Error) => {
      clearTimeout(timer)
      page.off('request', onRequest)
      if (error) reject(error)
      else resolve()
    }
    page.on('request', onRequest)
  })
}

/**
 * Follows the page's server actions (form states among them: Next sends them one at a time, so one left unanswered
 * holds back the rest), its REST calls and its errors, to say what the admin UI was waiting for when a step gave up.
 * `stop()` detaches it.
 */
export const watchFormStates = (page: Page) => {
  const started = Date.now()
  const seconds = (at: number) => `${((at - started) / 1000).toFixed(1)} s`
  const requests = new Map<Request, { line: string; sentAt: number; outcome?: string }>()
  let lastActivity = started
  const errors: string[] = []
  // Every server action (the admin UI's server functions: form-state and others), and the REST calls it makes.
  const onRequest = (request: Request) => {
    const isAction = request.headers()['next-action'] !== undefined
    if (!isAction && !new URL(request.url()).pathname.startsWith('/cms-api/')) return
    const body = request.postData() ?? ''
    const name = /"name":"([^"]*)"/.exec(body)?.[1]
    const path = /"schemaPath":"([^"]*)"/.exec(body)?.[1]
    const what = isAction ? `${name ?? 'server action'}${path ? ` ${path}` : ''}` : `${request.method()} ${new URL(request.url()).pathname}`
    requests.set(request, { line: `${what} (${body.length} bytes)`, sentAt: Date.now() })
    lastActivity = Date.now()
  }
  const onDone = (request: Request, outcome: () => string) => {
    const entry = requests.get(request)
    if (entry) {
      entry.outcome = `${outcome()} after ${((Date.now() - entry.sentAt) / 1000).toFixed(1)} s`
      lastActivity = Date.now()
    }
  }
  const onFinished = (request: Request) => onDone(request, () => 'answered')
  const onFailed = (request: Request) => onDone(request, () => `failed (${request.failure()?.errorText ?? '?'})`)
  const onConsole = (message: { type: () => string; text: () => string }) => {
    if (message.type() === 'error') errors.push(`console at ${seconds(Date.now())}: ${message.text().slice(0, 300)}`)
  }
  const onPageError = (error: Error) => errors.push(`page error at ${seconds(Date.now())}: ${error.message.slice(0, 300)}`)
  page.on('request', onRequest)
  page.on('requestfinished', onFinished)
  page.on('requestfailed', onFailed)
  page.on('console', onConsole)
  page.on('pageerror', onPageError)
  return {
    /**
     * Resolves once every request it follows is answered and, for `quietMs` (counted from the call at the earliest),
     * none was sent or answered: a change the admin UI has just taken in sends its form state only after a debounce
     * of 250 ms. After `timeout` ms it resolves all the same.
     */
    settled: async (timeout: number, quietMs = 0) => {
      const called = Date.now()
      const until = called + timeout
      const busy = () =>
        Date.now() - Math.max(lastActivity, called) < quietMs || [...requests.values()].some((entry) => entry.outcome === undefined)
      while (busy() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50))
    },
    describe: () =>
      [
        ...[...requests.values()].map(
          ({ line, sentAt, outcome }) => `  ${line}, sent at ${seconds(sentAt)}: ${outcome ?? 'no answer yet'}`,
        ),
        ...errors.map((error) => `  ${error}`),
      ].join('\n') || '  no request, no error',
    stop: () => {
      page.off('request', onRequest)
      page.off('requestfinished', onFinished)
      page.off('requestfailed', onFailed)
      page.off('console', onConsole)
      page.off('pageerror', onPageError)
    },
  }
}

/** Picks an option in one of the admin UI's select or relationship fields (react-select), by the field's path. */
export const chooseOption = async (page: Page, fieldPath: string, option: string): Promise<void> => {
  const field = page.locator(`#field-${fieldPath}`)
  await field.locator('.rs__control').click()
  await field.locator('.rs__menu').getByRole('option', { name: option, exact: true }).click()
  await field.locator('.rs__single-value', { hasText: option }).waitFor()
}

/** Waits until every image in the viewport has loaded (thumbnails in lists), so screenshots show them. */
export const imagesLoaded = (page: Page) =>
  page.waitForFunction(() =>
    Array.from(document.images)
      .filter((image) => {
        const box = image.getBoundingClientRect()
        return box.bottom > 0 && box.top < window.innerHeight && box.width > 0
      })
      .every((image) => image.complete && image.naturalWidth > 0),
  )

/** Saves a 1280x800 screenshot to docs/screenshots/<name>.png, as a palette PNG to keep the repository small. */
export const screenshot = async (page: Page, name: string): Promise<string> => {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true })
  const file = path.join(SCREENSHOT_DIR, `${name}.png`)
  const raw = await page.screenshot({ animations: 'disabled', caret: 'hide' })
  await sharp(raw).png({ palette: true, colours: 128, compressionLevel: 9, effort: 10 }).toFile(file)
  return file
}
