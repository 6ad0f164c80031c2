import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createAccount, loginToken } from '../helpers/accounts'
import { bootService, type BootedService } from '../helpers/bootService'
import { createCategory } from '../helpers/content'
import { freePort } from '../helpers/freePort.mjs'
import { pollUntil } from '../helpers/poll'

const ROOT = path.resolve(import.meta.dirname, '../..')
const PAGE = path.join(ROOT, 'docs/rebuilding-a-static-front-end.md')

/** The receiver exactly as docs/rebuilding-a-static-front-end.md shows it: its first ```js block. */
const exampleReceiver = () => {
  const match = /```js\n([\s\S]*?)```/.exec(fs.readFileSync(PAGE, 'utf8'))
  if (!match) throw new Error('no ```js block in the page')
  return match[1]!
}

let service: BootedService
let admin: Record<string, string> = {}
let category = 0
let receiver: ChildProcess | undefined
let output = ''
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-example-receiver-'))

beforeAll(async () => {
  service = await bootService({ WEBHOOK_ALLOW_PRIVATE: 'true' })
  category = await createCategory(service.payload, 'Notes')
  const owner = await createAccount(service.payload, 'admin', 'owner@example.com')
  admin = { Authorization: `Bearer ${await loginToken(service, owner.email)}` }
})

afterAll(async () => {
  receiver?.kill('SIGKILL')
  await service?.stop()
  fs.rmSync(workDir, { recursive: true, force: true })
})

describe('the example receiver of "Rebuilding a static front end"', () => {
  it('verifies a test event, rebuilds on a published article, and refuses a forged event', async () => {
    // The page's receiver in a folder of its own, finding `standardwebhooks` as an installed package.
    fs.writeFileSync(path.join(workDir, 'receiver.mjs'), exampleReceiver())
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(workDir, 'node_modules'), 'dir')
    const port = await freePort()
    const hook = await service.request().post('/cms-api/webhooks').set(admin).send({ url: `http://127.0.0.1:${port}/rebuild`, events: ['article.published'] })
    expect(hook.status).toBe(201)
    const builds = path.join(workDir, 'builds.txt')
    const env = { PATH: process.env.PATH ?? '', WEBHOOK_SECRET: String(hook.body.doc.secret), PORT: String(port), REBUILD_COMMAND: `echo built >> ${builds}` }
    const child = spawn(process.execPath, ['receiver.mjs'], { cwd: workDir, env: env as unknown as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] })
    receiver = child
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    await pollUntil('the receiver to listen', async () => (output.includes('waiting for events') ? true : undefined))

    const test = await service.request().post(`/cms-api/webhooks/${hook.body.doc.id}/test`).set(admin)
    expect(test.body).toMatchObject({ ok: true, statusCode: 204, summary: expect.stringMatching(/^204 in \d+ ms$/) })
    expect(output).toContain(`webhook.test webhooks ${hook.body.doc.id} Test event`)
    expect(fs.existsSync(builds)).toBe(false)

    const article = await service.request().post('/api/admin/articles').set(admin).send({ title: 'Rebuild me', content: 'x', categoryId: category, status: 'published' })
    await pollUntil('the build', async () => (fs.existsSync(builds) && output.includes('rebuilt') ? true : undefined))
    expect(output).toContain(`article.published articles ${article.body.data.id} Rebuild me`)
    expect(fs.readFileSync(builds, 'utf8')).toBe('built\n')

    const forged = await fetch(`http://127.0.0.1:${port}/rebuild`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'webhook-id': 'msg_forged', 'webhook-timestamp': String(Math.floor(Date.now() / 1000)), 'webhook-signature': 'v1,AAAA' },
      body: JSON.stringify({ type: 'article.published', timestamp: new Date().toISOString(), data: { collection: 'articles', id: 1, slug: null, title: 'x', status: 'published' } }),
    })
    expect(forged.status).toBe(401)
    expect(fs.readFileSync(builds, 'utf8')).toBe('built\n')
  })
})
