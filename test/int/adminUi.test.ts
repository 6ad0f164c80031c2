import fs from 'node:fs'
import zlib from 'node:zlib'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import sharp from 'sharp'

import { DashboardStats } from '../../components/DashboardStats'
import { serviceLogMethod } from '../../lib/serviceLogMethod'
import { createAccount, loginToken, PASSWORD } from '../helpers/accounts'
import { bootService, type BootedService } from '../helpers/bootService'
import { createArticle, createCategory } from '../helpers/content'

let service: BootedService
const token = { editor: '', user: '' }
let editorId = 0

beforeAll(async () => {
  service = await bootService({ WALL_MODERATION: 'true', SITE_URL: 'https://site.example.com/' })
  await createAccount(service.payload, 'admin') // the first account always becomes an admin
  const editor = await createAccount(service.payload, 'editor')
  const user = await createAccount(service.payload, 'user')
  editorId = editor.id as number
  token.editor = await loginToken(service, editor.email)
  token.user = await loginToken(service, user.email)
})

afterAll(async () => {
  await service?.stop()
})

const as = (role: keyof typeof token) => ({ Authorization: `Bearer ${token[role]}` })

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } }).png().toBuffer()

const upload = (file: Buffer, name: string, mime: string, alt?: string) => {
  const req = service.request().post('/cms-api/media').set(as('editor')).attach('file', file, { filename: name, contentType: mime })
  return alt === undefined ? req : req.field('_payload', JSON.stringify({ alt }))
}

describe('media', () => {
  it('stores a 400 px thumbnail and a 1200 px large copy, both WebP', async () => {
    const res = await upload(await png(1600, 1000), 'wide.png', 'image/png', 'A wide picture')
    expect(res.status).toBe(201)
    const { sizes } = res.body.doc
    expect(sizes.thumbnail).toMatchObject({ width: 400, height: 250, mimeType: 'image/webp' })
    expect(sizes.large).toMatchObject({ width: 1200, height: 750, mimeType: 'image/webp' })
    const thumbnail = await service.request().get(new URL(sizes.thumbnail.url, service.url).pathname)
    expect(thumbnail.status).toBe(200)
    expect((await sharp(thumbnail.body as Buffer).metadata()).format).toBe('webp')
  })

  it('refuses an image without alt text, a file that is not an image, and one over 10 MB, storing nothing', async () => {
    const before = (await service.payload.count({ collection: 'media' })).totalDocs
    const noAlt = await upload(await png(50, 50), 'no-alt.png', 'image/png')
    expect(noAlt.status).toBe(400)
    const text = await upload(Buffer.from('just words'), 'notes.txt', 'text/plain', 'Notes')
    expect(text.status).toBe(400)
    // Random pixels do not compress: a 2,000 x 2,000 PNG of noise is about 12 MB.
    const noise = Buffer.alloc(2000 * 2000 * 3)
    for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2654435761) >>> 24
    const large = await sharp(noise, { raw: { width: 2000, height: 2000, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer()
    expect(large.length).toBeGreaterThan(10 * 1024 * 1024)
    const tooLarge = await upload(large, 'huge.png', 'image/png', 'Huge')
    expect(tooLarge.status).toBe(413)
    expect(JSON.stringify(tooLarge.body)).toContain('at most 10 MB')
    expect((await service.payload.count({ collection: 'media' })).totalDocs).toBe(before)
  })

  it('refuses a damaged image with a 400, logged as a refusal without a stack', async () => {
    const before = (await service.payload.count({ collection: 'media' })).totalDocs
    const errors = vi.spyOn(service.payload.logger, 'error').mockImplementation(() => undefined)
    const whole = await png(40, 30)
    for (const [name, file] of [['empty-pixels.png', pngHeader(40, 30)], ['cut.png', whole.subarray(0, whole.length - 20)], ['header-only.png', whole.subarray(0, 30)]] as const) {
      const res = await upload(file, name, 'image/png', 'Damaged')
      expect([name, res.status, res.body]).toEqual([name, 400, { errors: [{ message: 'There was a problem while uploading the file.' }] }])
    }
    // Payload logs sharp's error before it answers; the service's log hook writes it as one line at info.
    expect(errors.mock.calls.length).toBeGreaterThan(0)
    for (const args of errors.mock.calls) {
      const info: unknown[][] = []
      const written: unknown[][] = []
      serviceLogMethod.call({ info: (...line: unknown[]) => info.push(line) }, args, (...line: unknown[]) => written.push(line), 50)
      expect([written, info]).toEqual([[], [[{ msg: expect.stringMatching(/^\w+/) }]]])
    }
    errors.mockRestore()
    expect((await service.payload.count({ collection: 'media' })).totalDocs).toBe(before)
  })

  it('refuses an image of more pixels than it can resize, saying so, on create and on replace', async () => {
    const before = (await service.payload.count({ collection: 'media' })).totalDocs
    const expected = { errors: [{ message: 'The image is 17000 × 17000 pixels; images may have at most 268 million pixels (16,383 × 16,383).' }] }
    const created = await upload(pngHeader(17_000, 17_000), 'vast.png', 'image/png', 'Vast')
    expect([created.status, created.body]).toEqual([400, expected])
    expect((await service.payload.count({ collection: 'media' })).totalDocs).toBe(before)
    const kept = await upload(await png(40, 30), 'small.png', 'image/png', 'Small')
    const replaced = await service
      .request()
      .patch(`/cms-api/media/${kept.body.doc.id}`)
      .set(as('editor'))
      .attach('file', pngHeader(17_000, 17_000), { filename: 'vast.png', contentType: 'image/png' })
    expect([replaced.status, replaced.body]).toEqual([400, expected])
    expect(await service.payload.findByID({ collection: 'media', id: kept.body.doc.id })).toMatchObject({ width: 40, height: 30, filename: 'small.png' })
    // A member may not upload: Payload's access check refuses, and the image is not read for them.
    const byMember = await service
      .request()
      .post('/cms-api/media')
      .set(as('user'))
      .attach('file', pngHeader(17_000, 17_000), { filename: 'vast.png', contentType: 'image/png' })
      .field('_payload', JSON.stringify({ alt: 'Vast' }))
    expect(byMember.status).toBe(403)
  })

  it('refuses an image whose pixels would take more than 256 MB decoded, reading only its header; a 48 MP photo passes', async () => {
    const before = (await service.payload.count({ collection: 'media' })).totalDocs
    // Within sharp's pixel limit, but 16 bits RGBA: 2,147 MB decoded. A real one (2 MB of zlib'd zeros) took the process to 1 GB resident.
    const bomb = await upload(pngHeader(16_383, 16_383, 16, 6), 'bomb.png', 'image/png', 'Bomb')
    expect([bomb.status, bomb.body]).toEqual([
      400,
      { errors: [{ message: 'The image would take 2,048 MB of memory to process (16383 × 16383 pixels, 4 channels of 16 bits); images may take at most 256 MB.' }] },
    ])
    const wide = await upload(pngHeader(12_000, 8_000), 'wide-96mp.png', 'image/png', 'Wide')
    expect([wide.status, wide.body.errors?.[0]?.message]).toEqual([400, expect.stringContaining('would take 275 MB')])
    expect((await service.payload.count({ collection: 'media' })).totalDocs).toBe(before)
    const camera = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: { r: 90, g: 140, b: 60 } } }).jpeg().toBuffer()
    const photo = await upload(camera, 'camera-48mp.jpg', 'image/jpeg', 'A 48 MP photo')
    expect([photo.status, photo.body.doc?.width, photo.body.doc?.height]).toEqual([201, 8000, 6000])
  }, 60_000)
})

describe('media file names', () => {
  const staticDir = () => service.payload.collections.media.config.upload.staticDir!
  const filesOnDisk = () => fs.readdirSync(staticDir()).sort()
  const fileBytes = async (url: string) => {
    const res = await fetch(new URL(url, service.url))
    return res.status === 200 ? Buffer.from(await res.arrayBuffer()) : res.status
  }
  type UploadedDoc = { id: number; filename: string; url: string; sizes: Record<'thumbnail' | 'large', { filename: string; url: string }> }
  /** Every file an item has: its original and its sizes, by address, with their bytes. */
  const filesOf = async (doc: UploadedDoc) =>
    Object.fromEntries(await Promise.all([doc.url, doc.sizes.thumbnail.url, doc.sizes.large.url].map(async (url) => [url, await fileBytes(url)])))
  const namesOf = (doc: UploadedDoc) => [doc.filename, doc.sizes.thumbnail.filename, doc.sizes.large.filename]
  const uploaded = async (file: Buffer, name: string, mime: string) => {
    const res = await upload(file, name, mime, name)
    expect([name, res.status]).toEqual([name, 201])
    return res.body.doc as UploadedDoc
  }

  it('an upload never writes, nor on its delete deletes, another item\'s files: it is renamed instead', async () => {
    const first = await uploaded(await png(1200, 800), 'demo-1.png', 'image/png')
    expect(namesOf(first)).toEqual(['demo-1.png', 'demo-1-400x267.webp', 'demo-1-1200x800.webp'])
    const kept = await filesOf(first)
    const other = await png(1200, 800).then((data) => sharp(data).modulate({ hue: 90 }).png().toBuffer())
    // The same base with another extension, an original named like its thumbnail, and one named like the base with a size's end.
    const second = await uploaded(other, 'demo-1.jpg', 'image/png')
    const third = await uploaded(await sharp(other).webp().toBuffer(), 'demo-1-400x267.webp', 'image/webp')
    expect(await filesOf(first)).toEqual(kept)
    for (const doc of [second, third]) expect((await service.request().delete(`/cms-api/media/${doc.id}`).set(as('editor'))).status).toBe(200)
    expect(await filesOf(first)).toEqual(kept)
    const named = [first, second, third].flatMap(namesOf)
    expect(new Set(named).size).toBe(named.length)
    expect([second.filename, third.filename]).toEqual(['demo-2.jpg', 'demo-1-400x267-1.webp'])
  })

  it('an original named like a size another item could make is not overwritten by that item\'s size', async () => {
    const original = await uploaded(await sharp(await png(400, 267)).webp().toBuffer(), 'shot-400x267.webp', 'image/webp')
    const kept = await filesOf(original)
    const later = await uploaded(await png(1200, 800), 'shot.png', 'image/png')
    expect(namesOf(later)).toEqual(['shot-1.png', 'shot-1-400x267.webp', 'shot-1-1200x800.webp'])
    expect(await filesOf(original)).toEqual(kept)
  })

  it('uploads of one name at the same moment each get a name and the bytes of their own', async () => {
    const images = await Promise.all([0, 60, 120, 180].map((hue) => png(640, 480).then((data) => sharp(data).modulate({ hue }).png().toBuffer())))
    const responses = await Promise.all(images.map((image) => upload(image, 'race.png', 'image/png', 'Race')))
    expect(responses.map((res) => res.status)).toEqual([201, 201, 201, 201])
    const docs = responses.map((res) => res.body.doc as UploadedDoc)
    expect(new Set(docs.map((doc) => doc.filename)).size).toBe(4)
    for (const [index, doc] of docs.entries()) expect(await fileBytes(doc.url)).toEqual(images[index])
  })

  it('photo.jpg and photo.png of the same size keep their own thumbnails', async () => {
    const jpg = await uploaded(await sharp(await png(800, 600)).jpeg().toBuffer(), 'photo.jpg', 'image/jpeg')
    const kept = await filesOf(jpg)
    const pngDoc = await uploaded(await sharp(await png(800, 600)).negate().png().toBuffer(), 'photo.png', 'image/png')
    expect(await filesOf(jpg)).toEqual(kept)
    expect(pngDoc.filename).toBe('photo-1.png')
  })

  it('refuses a name longer than 200 bytes with a 400 naming the limit, logged as a refusal, writing no file', async () => {
    const before = filesOnDisk()
    const errors = vi.spyOn(service.payload.logger, 'error')
    for (const name of [`${'y'.repeat(246)}.png`, `${'é'.repeat(125)}.png`, `${'y'.repeat(197)}.png`]) {
      const res = await upload(await png(1200, 800), name, 'image/png', 'Long')
      const bytes = Buffer.byteLength(name)
      expect([bytes, res.status, res.body]).toEqual([
        bytes,
        400,
        { errors: [{ message: `The file name is ${bytes} bytes long; file names may be at most 200 bytes (UTF-8: an accented letter takes 2). Rename the file and upload it again.` }] },
      ])
    }
    expect(errors).not.toHaveBeenCalled()
    errors.mockRestore()
    expect(filesOnDisk()).toEqual(before)
    // At the limit it is stored, renamed when taken, with its sizes.
    for (const expected of [`${'y'.repeat(196)}.png`, `${'y'.repeat(196)}-1.png`]) {
      const doc = await uploaded(await png(1200, 800), `${'y'.repeat(196)}.png`, 'image/png')
      expect(doc.filename).toBe(expected)
      expect(await fileBytes(doc.sizes.large.url)).toBeInstanceOf(Buffer)
    }
  })

  it('a type the collection does not take (HTML named .png, an SVG) is a 400 logged as one line at info', async () => {
    // Payload logs the reason at error, then the ValidationError it answers with at info: the former is dropped.
    const errors = vi.spyOn(service.payload.logger, 'error').mockImplementation(() => undefined)
    const infos = vi.spyOn(service.payload.logger, 'info')
    const html = await upload(Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'), 'page.png', 'image/png', 'Page')
    const svg = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'), 'icon.svg', 'image/svg+xml', 'Icon')
    expect([html.status, svg.status]).toEqual([400, 400])
    expect([html.body.errors[0].data.errors[0].message, svg.body.errors[0].data.errors[0].message]).toEqual(['Invalid MIME type: application/xml.', 'Invalid MIME type: image/svg+xml.'])
    expect(infos.mock.calls).toEqual([[{ msg: 'The following field is invalid: file' }], [{ msg: 'The following field is invalid: file' }]])
    infos.mockRestore()
    expect(errors.mock.calls.length).toBe(2)
    for (const args of errors.mock.calls) {
      const info: unknown[][] = []
      const written: unknown[][] = []
      serviceLogMethod.call({ info: (...line: unknown[]) => info.push(line) }, args, (...line: unknown[]) => written.push(line), 50)
      expect([args[0], written, info]).toEqual([expect.stringMatching(/^Invalid MIME type: |^File type /), [], []])
    }
    errors.mockRestore()
    // Any other message at error is still written as it is.
    const written: unknown[][] = []
    serviceLogMethod.call({ info: () => undefined }, ['Invalid MIME type handling crashed'], (...line: unknown[]) => written.push(line), 50)
    expect(written).toEqual([['Invalid MIME type handling crashed']])
  })
})

/** A PNG that only declares its size (no pixels): what the upload checks read before Payload decodes it. By default 8 bits RGB. */
const pngHeader = (width: number, height: number, bitDepth = 8, colourType = 2): Buffer => {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type), data])
    const framed = Buffer.alloc(typed.length + 8)
    framed.writeUInt32BE(data.length, 0)
    typed.copy(framed, 4)
    framed.writeUInt32BE(zlib.crc32(typed), typed.length + 4)
    return framed
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([bitDepth, colourType], 8) // colour type 2: RGB, 6: RGBA
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(Buffer.alloc(0))), chunk('IEND', Buffer.alloc(0))])
}

describe('articles in the admin UI', () => {
  it('show the public address (slug plus id) read-only beside the slug', async () => {
    const category = await createCategory(service.payload, 'Travel')
    const article = await createArticle(service.payload, { title: 'Café au lait', category, author: editorId })
    const res = await service.request().get(`/cms-api/articles/${article.id}?depth=0`).set(as('editor'))
    expect(res.body).toMatchObject({ slug: 'cafe-au-lait', publicSlug: `cafe-au-lait-${article.id}` })
  })

  it('get a preview link to the public site when SITE_URL is set', async () => {
    const articles = service.payload.collections.articles.config
    const projects = service.payload.collections.projects.config
    const preview = (config: typeof articles, doc: Record<string, unknown>) =>
      (config.admin.preview as (doc: Record<string, unknown>, options: unknown) => string | null)(doc, {})
    expect(preview(articles, { id: 7, slug: 'top-10' })).toBe('https://site.example.com/articles/top-10-7')
    expect(preview(projects, { id: 3 })).toBe('https://site.example.com/projects/3')
    expect(preview(articles, {})).toBeNull()
  })
})

describe('wall moderation in the admin UI', () => {
  it('lists messages waiting for review first, newest first within each group', async () => {
    const post = (nickname: string) =>
      service.request().post('/api/wall-messages').set('X-Forwarded-For', nickname).send({ nickname, content: 'Hello' })
    expect((await post('First')).status).toBe(201)
    expect((await post('Second')).status).toBe(201)
    const first = await service.payload.find({ collection: 'wall-messages', where: { nickname: { equals: 'First' } } })
    await service.payload.update({ collection: 'wall-messages', id: first.docs[0]!.id, data: { status: 'approved' } })
    expect((await post('Third')).status).toBe(201)
    const list = await service.request().get('/cms-api/wall-messages?depth=0').set(as('editor'))
    expect(list.body.docs.map((doc: { nickname: string; status: string }) => `${doc.nickname}:${doc.status}`)).toEqual([
      'Third:pending',
      'Second:pending',
      'First:approved',
    ])
  })
})

type ConfigField = { name?: string; type: string; unique?: boolean; hidden?: boolean; fields?: ConfigField[]; tabs?: { fields: ConfigField[] }[]; admin?: Record<string, unknown> }

/** The data fields Payload's bulk edit offers (its rule in @payloadcms/ui's FieldSelect), walking groups, rows and tabs as it does. */
const bulkEditable = (fields: ConfigField[]): ConfigField[] =>
  fields.flatMap((field) => {
    if (field.type === 'tabs') return bulkEditable(field.tabs!.flatMap((tab) => tab.fields))
    if (field.fields && field.type !== 'array' && field.type !== 'blocks') return field.name && field.type === 'group' && field.admin?.disableBulkEdit ? [] : bulkEditable(field.fields)
    if (!field.name) return []
    const skipped = field.admin?.disableBulkEdit || field.unique || field.hidden || field.admin?.disabled
    return skipped ? [] : [field]
  })

describe('bulk edit in the admin UI', () => {
  // Payload's own upload metadata (media's url, sizes, ...) is added after the plugin runs: left as Payload has it.
  const PAYLOAD_UPLOAD_FIELDS = new Set(['url', 'thumbnailURL', 'filename', 'mimeType', 'filesize', 'width', 'height', 'focalX', 'focalY', 'sizes'])

  it('offers no field that editors cannot see or change (hidden or read-only) in any collection of the admin UI', () => {
    const offeredInternal = service.payload.config.collections
      .filter((collection) => !collection.admin.hidden)
      .flatMap((collection) =>
      bulkEditable((collection.fields as ConfigField[]).filter((field) => !(collection.upload && PAYLOAD_UPLOAD_FIELDS.has(field.name ?? ''))))
        .filter((field) => field.admin?.hidden || field.admin?.readOnly)
        .map((field) => `${collection.slug}.${field.name}`),
    )
    expect(offeredInternal).toEqual([])
  })

  it('offers wall messages\' own fields only: no email hash, no moderation flag', () => {
    const wall = service.payload.config.collections.find((collection) => collection.slug === 'wall-messages')!
    expect(bulkEditable(wall.fields as ConfigField[]).map((field) => field.name).sort()).toEqual(['content', 'email', 'nickname', 'status', 'website'])
  })
})

describe('editing articles and projects in the admin UI', () => {
  const collection = (slug: string) => service.payload.config.collections.find((entry) => entry.slug === slug)!

  it('offers "Publish at" times in 5-minute steps', () => {
    for (const slug of ['articles', 'projects']) {
      const publishAt = collection(slug).fields.find((field) => 'name' in field && field.name === 'publishAt') as { admin?: { date?: { timeIntervals?: number } } }
      expect({ slug, timeIntervals: publishAt.admin?.date?.timeIntervals }).toEqual({ slug, timeIntervals: 5 })
    }
  })

  it('lists versions with the view that shows the second and who saved each', () => {
    for (const slug of ['articles', 'projects']) {
      expect(collection(slug).admin.components?.views?.edit).toMatchObject({ versions: { Component: 'blog-portfolio-service/client#VersionHistory' } })
    }
  })
})

describe('the dashboard', () => {
  it('counts published and draft content and pending messages, and lists the most viewed articles', async () => {
    const category = await createCategory(service.payload, 'Dashboard')
    const popular = await createArticle(service.payload, { title: 'Popular', category, viewCount: 90 })
    await createArticle(service.payload, { title: 'Quiet draft', category, status: 'draft' })
    const element = await DashboardStats({ payload: service.payload, user: { id: editorId } as never })
    const html = JSON.stringify(element)
    const published = (await service.payload.count({ collection: 'articles', where: { status: { equals: 'published' } } })).totalDocs
    const pending = (await service.payload.count({ collection: 'wall-messages', where: { status: { equals: 'pending' } } })).totalDocs
    expect(published).toBeGreaterThan(0)
    expect(html).toContain(`"data-stat":"Published articles","href":"/admin/collections/articles?where[status][equals]=published"`)
    expect(html).toMatch(new RegExp(`"children":${published}\\}.{0,200}Published articles`))
    expect(html).toMatch(new RegExp(`"children":${pending}\\}.{0,200}Wall messages to review`))
    expect(html).toContain(`/admin/collections/articles/${popular.id}`)
  })
})

describe('who may use the admin UI', () => {
  it('lets staff in and keeps site members out; editors see only their own account', async () => {
    const access = async (role: keyof typeof token) =>
      (await service.request().get('/cms-api/access').set(as(role))).body as { canAccessAdmin: boolean; collections: Record<string, { read: boolean }> }
    expect((await access('editor')).canAccessAdmin).toBe(true)
    // Payload leaves false permissions out of the answer.
    expect((await access('user')).canAccessAdmin ?? false).toBe(false)
    const users = await service.request().get('/cms-api/users?depth=0').set(as('editor'))
    expect(users.body.docs.map((doc: { id: number }) => doc.id)).toEqual([editorId])
  })
})

describe('the login form', () => {
  it('logs in through the request it sends (POST /cms-api/users/login) and gets a session cookie', async () => {
    const editor = await createAccount(service.payload, 'editor')
    // A few wrong passwords first: the login throttle must not stand in the way of the right one.
    for (let n = 0; n < 3; n++) {
      expect((await service.request().post('/cms-api/users/login').send({ email: editor.email, password: 'typo' })).status).toBe(401)
    }
    const res = await service.request().post('/cms-api/users/login').send({ email: editor.email, password: PASSWORD })
    expect(res.status).toBe(200)
    const cookie = (res.headers['set-cookie'] as unknown as string[]).find((value) => value.startsWith('payload-token='))
    expect(cookie).toBeDefined()
    const me = await service.request().get('/cms-api/users/me').set('Cookie', cookie!.split(';')[0]!)
    expect(me.body.user).toMatchObject({ email: editor.email, roles: ['editor'] })
  })
})
