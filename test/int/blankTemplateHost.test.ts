import '../../lib/skipDependencyCheck'

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lexicalEditor } from '@payloadcms/richtext-lexical'
import { sqliteAdapter } from '@payloadcms/db-sqlite'
import { buildConfig, getPayload, type Payload } from 'payload'
import sharp from 'sharp'

import { blogPortfolio } from '../../index'
import { closeDatabase } from '../../lib/db/closeDatabase'
import { blankTemplateMedia, blankTemplateUsers } from '../helpers/blankTemplate'
import { uploadImage } from '../helpers/media'

/** The blank template's payload.config.ts, with `plugins: [blogPortfolio()]` added, on a SQLite file of its own. */
describe("the plugin in create-payload-app's blank template", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blank-template-host-'))
  let payload: Payload

  beforeAll(async () => {
    const config = await buildConfig({
      admin: { user: 'users' },
      collections: [blankTemplateUsers(), blankTemplateMedia()],
      editor: lexicalEditor(),
      secret: 'blank-template-host-test',
      db: sqliteAdapter({ client: { url: `file:${path.join(dataDir, 'payload.db')}` } }),
      sharp,
      telemetry: false,
      plugins: [blogPortfolio({ mediaDir: path.join(dataDir, 'media') })],
    })
    payload = await getPayload({ config })
  })

  afterAll(async () => {
    if (payload) await closeDatabase(payload)
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it("boots with the host's users, made the plugin's: roles, sessions and the first account an admin", async () => {
    const data = { email: 'owner@example.com', password: 'a long enough password' }
    // As the admin UI's create-first-user screen sends it: the plugin's hook makes the first account an admin.
    const owner = await payload.create({ collection: 'users', data: { ...data, roles: ['user'] }, overrideAccess: true })
    expect(owner.roles).toEqual(['admin'])
    const { token, user } = await payload.login({ collection: 'users', data })
    expect(token).toEqual(expect.any(String))
    expect(user?.sessions).toHaveLength(1)
  })

  it("lets the host's own code create users without naming roles, and refuses an empty list", async () => {
    // As the blank template's tests/helpers/seedUser.ts does: it type-checks, and the default role applies.
    const member = await payload.create({ collection: 'users', data: { email: 'member@example.com', password: 'another long password' } })
    expect(member.roles).toEqual(['user'])
    await expect(
      payload.create({ collection: 'users', data: { email: 'nobody@example.com', password: 'another long password', roles: [] }, overrideAccess: true }),
    ).rejects.toMatchObject({ data: { errors: [{ path: 'roles', message: 'A user needs at least one role' }] } })
  })

  it("stores the host's media with the plugin's image sizes and keeps its required alt", async () => {
    const image = await uploadImage(payload, 'kite', 800, 600)
    expect(image.sizes?.thumbnail).toMatchObject({ width: 400, mimeType: 'image/webp' })
    expect(fs.existsSync(path.join(dataDir, 'media', image.filename!))).toBe(true)
    const data = await sharp({ create: { width: 10, height: 10, channels: 3, background: 'red' } }).png().toBuffer()
    await expect(
      payload.create({ collection: 'media', data: { alt: '' }, file: { data, mimetype: 'image/png', name: 'bare.png', size: data.length } }),
    ).rejects.toThrow(/alt/i)
  })
})
