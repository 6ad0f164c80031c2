import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'

import { mediaDirOf } from '../../lib/mediaDir'
import { createAccount, loginToken } from '../helpers/accounts'
import { bootService, type BootedService } from '../helpers/bootService'
import { startLocalS3, type LocalS3 } from '../helpers/s3Server'
import { spawnServer, type ServerProcess } from '../helpers/serverProcess'

const SECRET = 'test-secret-not-for-production'

/** The bytes of an uploaded or served file, fetched from a service. */
const bytesAt = async (base: string, url: string) => {
  const res = await fetch(new URL(url, base))
  return { status: res.status, type: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()) }
}

describe('media on S3-compatible storage (s3rver), served by two processes on one database', () => {
  let s3: LocalS3
  let a: BootedService
  let b: ServerProcess
  let bUrl: string
  let bDataDir: string
  let auth: { Authorization: string }
  let image: Buffer

  beforeAll(async () => {
    s3 = await startLocalS3()
    a = await bootService(s3.env)
    const editor = await createAccount(a.payload, 'editor')
    auth = { Authorization: `Bearer ${await loginToken(a, editor.email)}` }
    // Process B shares only the database and the bucket: its own data folder, so nothing can come from A's disk.
    bDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-service-s3-b-'))
    b = spawnServer({ ...s3.env, PAYLOAD_SECRET: SECRET, DATABASE_URL: a.database.url, DATA_DIR: bDataDir, ADMIN: 'false' })
    bUrl = await b.ready
    image = await sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: 200, g: 80, b: 30 } } }).png().toBuffer()
  })

  afterAll(async () => {
    if (b) {
      b.child.kill('SIGTERM')
      await b.exited
    }
    await a?.stop()
    await s3?.stop()
    if (bDataDir) fs.rmSync(bDataDir, { recursive: true, force: true })
  })

  let mediaId: number
  let galleryId: number
  let files: { original: string; thumbnail: string; large: string }
  let urls: { original: string; thumbnail: string; large: string }

  it('an editor’s upload through /cms-api goes to the bucket with its generated sizes, not to the disk', async () => {
    const res = await a
      .request()
      .post('/cms-api/media')
      .set(auth)
      .field('_payload', JSON.stringify({ alt: 'A kiln at dusk' }))
      .attach('file', image, { filename: 'kiln.png', contentType: 'image/png' })
    expect(res.status).toBe(201)
    const doc = res.body.doc
    mediaId = doc.id
    files = { original: doc.filename, thumbnail: doc.sizes.thumbnail.filename, large: doc.sizes.large.filename }
    urls = { original: doc.url, thumbnail: doc.sizes.thumbnail.url, large: doc.sizes.large.url }
    expect(files).toEqual({ original: 'kiln.png', thumbnail: 'kiln-400x225.webp', large: 'kiln-1200x675.webp' })
    // Proxied URLs: the same address as with disk storage, served through the service.
    expect(urls).toEqual({
      original: '/cms-api/media/file/kiln.png',
      thumbnail: '/cms-api/media/file/kiln-400x225.webp',
      large: '/cms-api/media/file/kiln-1200x675.webp',
    })

    expect(await s3.keys()).toEqual([files.original, files.large, files.thumbnail].sort())
    expect((await s3.read(files.original)).equals(image)).toBe(true)
    expect(await sharp(await s3.read(files.thumbnail)).metadata()).toMatchObject({ format: 'webp', width: 400, height: 225 })
    const mediaDir = mediaDirOf(a.env.dataDir)
    expect(fs.existsSync(mediaDir) ? fs.readdirSync(mediaDir) : []).toEqual([])
  })

  it('/api answers carry URLs that serve the stored bytes, through either process', async () => {
    const gallery = await a.payload.create({
      collection: 'galleries',
      data: { title: 'Kilns', images: [{ image: mediaId }] },
      overrideAccess: true,
    })
    galleryId = gallery.id
    for (const base of [a.url, bUrl]) {
      const res = await fetch(`${base}/api/galleries/${gallery.id}`)
      expect(res.status).toBe(200)
      const { data } = await res.json()
      expect(data.coverImage).toBe(urls.original)
      expect(data.images).toEqual([{ id: mediaId, url: urls.original, thumbnail: urls.thumbnail }])

      const original = await bytesAt(base, data.images[0].url)
      expect(original.status).toBe(200)
      expect(original.type).toBe('image/png')
      expect(original.body.equals(image)).toBe(true)
      for (const key of [files.thumbnail, files.large]) {
        const served = await bytesAt(base, `/cms-api/media/file/${key}`)
        expect(served.status).toBe(200)
        expect(served.body.equals(await s3.read(key))).toBe(true)
      }
    }
    // B has never held a file: what it served came from the bucket.
    expect(fs.existsSync(mediaDirOf(bDataDir))).toBe(false)
  })

  it('an image uploaded through B is served through A', async () => {
    const other = await sharp({ create: { width: 500, height: 500, channels: 3, background: { r: 10, g: 10, b: 240 } } }).jpeg().toBuffer()
    const form = new FormData()
    form.append('_payload', JSON.stringify({ alt: 'A blue square' }))
    form.append('file', new Blob([new Uint8Array(other)], { type: 'image/jpeg' }), 'square.jpg')
    const created = await fetch(`${bUrl}/cms-api/media`, { method: 'POST', headers: auth, body: form })
    expect(created.status).toBe(201)
    const { doc } = await created.json()
    const served = await bytesAt(a.url, doc.url)
    expect(served.status).toBe(200)
    expect(served.body.equals(other)).toBe(true)
    const removed = await fetch(`${bUrl}/cms-api/media/${doc.id}`, { method: 'DELETE', headers: auth })
    expect(removed.status).toBe(200)
  })

  it('deleting the media removes its objects; its URLs stop serving', async () => {
    await a.payload.delete({ collection: 'galleries', id: galleryId, overrideAccess: true })
    const res = await a.request().delete(`/cms-api/media/${mediaId}`).set(auth)
    expect(res.status).toBe(200)
    expect(await s3.keys()).toEqual([])
    for (const base of [a.url, bUrl]) expect((await fetch(new URL(urls.original, base))).status).toBe(404)
  })

  it('a missing bucket or refused keys stop the start with a line naming the variable', async () => {
    const attempts: { vars: Record<string, string>; line: string }[] = [
      { vars: { S3_BUCKET: 'no-such-bucket' }, line: `Invalid configuration: S3_BUCKET: the bucket "no-such-bucket" at ${s3.endpoint} does not exist` },
      {
        vars: { S3_ACCESS_KEY_ID: 'NOT-A-KEY' },
        line: `Invalid configuration: S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: access to the bucket "${s3.bucket}" at ${s3.endpoint} was refused (403)`,
      },
    ]
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-service-s3-bad-'))
    try {
      for (const { vars, line } of attempts) {
        const server = spawnServer({ ...s3.env, ...vars, PAYLOAD_SECRET: SECRET, DATABASE_URL: a.database.url, DATA_DIR: dataDir, ADMIN: 'false' })
        // A start that gets through is stopped at once (and fails the test) rather than left to the timeout.
        void server.ready.then(() => server.child.kill('SIGTERM'), () => {})
        expect((await server.exited).code).toBe(1)
        expect(server.output()).toContain(line)
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it('anonymous visitors cannot upload or delete', async () => {
    const res = await a.request().post('/cms-api/media').field('_payload', JSON.stringify({ alt: 'x' })).attach('file', image, 'x.png')
    expect(res.status).toBe(403)
    expect(await s3.keys()).toEqual([])
  })
})
