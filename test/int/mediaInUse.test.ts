import fs from 'node:fs'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { BootedService } from '../helpers/bootService'
import { createCategory, createProject } from '../helpers/content'
import { type EditorSession, startEditorSession } from '../helpers/editorSession'
import { uploadImage } from '../helpers/media'

let service: BootedService
let auth: EditorSession['auth']
let categoryId = 0

beforeAll(async () => {
  ;({ service, auth, categoryId } = await startEditorSession())
})

afterAll(async () => {
  await service?.stop()
})

type Media = Awaited<ReturnType<typeof uploadImage>>

const exists = async (id: number) => Boolean(await service.payload.findByID({ collection: 'media', id, disableErrors: true, overrideAccess: true }))
/** The status of a file address, its body read to the end (a response left unread is logged as a premature close). */
const fileStatus = async (url: string) => {
  const res = await fetch(new URL(url, service.url))
  await res.arrayBuffer()
  return res.status
}
const deleteMedia = async (id: number) => service.request().delete(`/cms-api/media/${id}`).set(auth())

/** An article written through /api/admin in Markdown. */
const articleWith = async (title: string, content: string, extra: Record<string, unknown> = {}) => {
  const res = await service.request().post('/api/admin/articles').set(auth()).send({ title, content, categoryId, status: 'published', ...extra })
  expect([res.status, res.body.error]).toEqual([201, undefined])
  return res.body.data.id as number
}

const galleryWith = async (title: string, media: Media) =>
  (await service.payload.create({ collection: 'galleries', data: { title, images: [{ image: media.id }] }, overrideAccess: true })).id

/** Expects the delete refused with `message`, and the media item and its files still there. */
const expectRefused = async (media: Media, message: string) => {
  const res = await deleteMedia(media.id)
  expect([res.status, res.body]).toEqual([409, { errors: [{ message }] }])
  expect(await exists(media.id)).toBe(true)
  expect(await fileStatus(media.url!)).toBe(200)
  expect(await fileStatus(media.sizes!.thumbnail!.url!)).toBe(200)
}

describe('a media item still in use cannot be deleted', () => {
  it('used by an article and a gallery: 409 naming both, nothing deleted', async () => {
    const media = await uploadImage(service.payload, 'shipping')
    await articleWith('Shipping a content service', `Intro.\n\n![The dock](${media.url})\n`)
    await galleryWith('Holidays', media)
    await expectRefused(media, 'This image is used by article "Shipping a content service" and gallery "Holidays"; remove it from them first.')
  })

  it('used by a gallery alone: 409, not a 500 with its files already gone', async () => {
    const media = await uploadImage(service.payload, 'beach')
    await galleryWith('Summer', media)
    await expectRefused(media, 'This image is used by gallery "Summer"; remove it from there first.')
  })

  it('used as an upload in the rich text of an article saved from the editor', async () => {
    const media = await uploadImage(service.payload, 'harbour')
    const id = await articleWith('Harbour notes', 'Before')
    const read = await service.request().get(`/cms-api/articles/${id}?depth=0`).set(auth())
    const contentRichText = read.body.contentRichText
    contentRichText.root.children.push({ type: 'upload', version: 3, format: '', id: 'upload-1', fields: null, relationTo: 'media', value: media.id })
    expect((await service.request().patch(`/cms-api/articles/${id}?depth=0`).set(auth()).send({ contentRichText })).status).toBe(200)
    await expectRefused(media, 'This image is used by article "Harbour notes"; remove it from there first.')
  })

  it('a generated size linked from Markdown, a cover image, a project, a carousel and the site hero count too', async () => {
    const thumb = await uploadImage(service.payload, 'thumb')
    await articleWith('Small picture', `See [the thumbnail](${thumb.sizes!.thumbnail!.url}).`)
    await expectRefused(thumb, 'This image is used by article "Small picture"; remove it from there first.')

    const cover = await uploadImage(service.payload, 'cover')
    await articleWith('With a cover', 'Text.', { coverImage: `https://blog.example.com${cover.url}` })
    const projectCategory = await createCategory(service.payload, 'Tools', 'project')
    await createProject(service.payload, { title: 'Kite', category: projectCategory, screenshots: [`${cover.url}`] })
    await service.payload.create({ collection: 'carousels', data: { title: 'Welcome', imageUrl: `https://blog.example.com${cover.url}`, order: 0, status: 'active' }, overrideAccess: true })
    await service.payload.updateGlobal({ slug: 'site', data: { hero: { avatar: cover.url } }, overrideAccess: true })
    await expectRefused(
      cover,
      'This image is used by article "With a cover", project "Kite", carousel "Welcome" and the site\'s hero; remove it from them first.',
    )
  })

  it('names the first three users of a kind and counts the rest', async () => {
    const media = await uploadImage(service.payload, 'popular')
    for (const n of [1, 2, 3, 4, 5]) await articleWith(`Popular ${n}`, `![x](${media.url})`)
    const res = await deleteMedia(media.id)
    expect(res.status).toBe(409)
    expect(res.body.errors[0].message).toMatch(/^This image is used by article "Popular \d", article "Popular \d", article "Popular \d" and 2 more articles; /)
  })

  it('the bulk delete of the admin list deletes the unused one, keeps the used one and names it', async () => {
    const used = await uploadImage(service.payload, 'bulk-used')
    const spare = await uploadImage(service.payload, 'bulk-spare')
    await galleryWith('Bulk', used)
    const res = await service.request().delete(`/cms-api/media?where[id][in]=${used.id},${spare.id}`).set(auth())
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual([{ id: used.id, isPublic: true, message: 'This image is used by gallery "Bulk"; remove it from there first.' }])
    expect(res.body.docs.map((doc: { id: number }) => doc.id)).toEqual([spare.id])
    expect(await exists(used.id)).toBe(true)
    expect(await fileStatus(used.url!)).toBe(200)
    expect(await exists(spare.id)).toBe(false)
  })

  it('GraphQL and the Local API refuse it with the same message', async () => {
    const media = await uploadImage(service.payload, 'graph')
    await galleryWith('Graph', media)
    const message = 'This image is used by gallery "Graph"; remove it from there first.'
    const res = await service.request().post('/cms-api/graphql').set(auth()).send({ query: `mutation { deleteMedia(id: ${media.id}) { id } }` })
    expect(res.body.data).toEqual({ deleteMedia: null })
    expect(res.body.errors).toMatchObject([{ message, extensions: { statusCode: 409 } }])
    await expect(service.payload.delete({ collection: 'media', id: media.id })).rejects.toMatchObject({ status: 409, message })
    expect(await exists(media.id)).toBe(true)
  })

  it('once nothing uses it, it deletes: 200, and its addresses answer 404', async () => {
    const media = await uploadImage(service.payload, 'freed')
    const galleryId = await galleryWith('Short-lived', media)
    expect((await deleteMedia(media.id)).status).toBe(409)
    await service.payload.delete({ collection: 'galleries', id: galleryId, overrideAccess: true })
    const res = await deleteMedia(media.id)
    expect(res.status).toBe(200)
    expect(await exists(media.id)).toBe(false)
    expect(await fileStatus(media.url!)).toBe(404)
    expect(await fileStatus(media.sizes!.large!.url!)).toBe(404)
  })
})

describe('media file addresses', () => {
  it('an unknown file answers 404', async () => {
    expect(await fileStatus('/cms-api/media/file/never-uploaded.png')).toBe(404)
    expect((await service.request().head('/cms-api/media/file/never-uploaded.png')).status).toBe(404)
  })

  it('a name no file can have answers 404 too: longer than the system takes, a file on the way, a folder', async () => {
    const media = await uploadImage(service.payload, 'on-the-way')
    fs.mkdirSync(path.join(service.payload.collections.media.config.upload.staticDir!, 'a-folder'), { recursive: true })
    for (const name of ['a'.repeat(300), `${media.filename}%2Fx`, 'a-folder']) {
      expect([name, await fileStatus(`/cms-api/media/file/${name}`)]).toEqual([name, 404])
    }
  })

  it('a file whose record exists but whose file is gone answers 404', async () => {
    const media = await uploadImage(service.payload, 'vanished')
    const staticDir = service.payload.collections.media.config.upload.staticDir!
    fs.rmSync(path.join(staticDir, media.filename!))
    fs.rmSync(path.join(staticDir, media.sizes!.thumbnail!.filename!))
    expect(await fileStatus(media.url!)).toBe(404)
    expect(await fileStatus(media.sizes!.thumbnail!.url!)).toBe(404)
    expect(await fileStatus(media.sizes!.large!.url!)).toBe(200)
  })
})

describe('who reads media records', () => {
  const idsOf = (docs: { id: number }[]) => docs.map((doc) => doc.id).sort((a, b) => a - b)
  let shown: number[]
  let unshown: Media[]

  beforeAll(async () => {
    const cover = await uploadImage(service.payload, 'public-cover')
    const inPublic = await uploadImage(service.payload, 'public-image')
    const inHidden = await uploadImage(service.payload, 'hidden-image')
    const inDraft = await uploadImage(service.payload, 'draft-image')
    const unused = await uploadImage(service.payload, 'unused-image')
    await service.payload.create({ collection: 'galleries', data: { title: 'Shown', coverImage: cover.id, images: [{ image: inPublic.id }] }, overrideAccess: true })
    await service.payload.create({ collection: 'galleries', data: { title: 'Hidden', public: false, images: [{ image: inHidden.id }] }, overrideAccess: true })
    await articleWith('A draft with an image', `![draft](${inDraft.url})`, { status: 'draft' })
    const everyGallery = await service.payload.find({ collection: 'galleries', where: { public: { equals: true } }, depth: 0, pagination: false, overrideAccess: true })
    shown = [...new Set(everyGallery.docs.flatMap((gallery) => [gallery.coverImage, ...(gallery.images ?? []).map((row) => row.image)]))]
      .filter((id): id is number => typeof id === 'number')
      .sort((a, b) => a - b)
    expect(shown).toEqual(expect.arrayContaining([cover.id, inPublic.id]))
    unshown = [inHidden, inDraft, unused]
  })

  it('anonymous REST lists and counts only the images public galleries show', async () => {
    const list = await service.request().get('/cms-api/media?limit=100&depth=0')
    expect(list.status).toBe(200)
    expect(idsOf(list.body.docs)).toEqual(shown)
    const count = await service.request().get('/cms-api/media/count')
    expect(count.body).toEqual({ totalDocs: shown.length })
    for (const media of unshown) {
      expect((await service.request().get(`/cms-api/media/${media.id}`)).status).toBe(404)
    }
    expect((await service.request().get(`/cms-api/media/${shown[0]}`)).status).toBe(200)
  })

  it('anonymous GraphQL sees the same set, and a filter on the others finds nothing', async () => {
    const res = await service.request().post('/cms-api/graphql').send({ query: '{ allMedia(limit: 100) { docs { id } } }' })
    expect(res.body.errors).toBeUndefined()
    expect(idsOf(res.body.data.allMedia.docs)).toEqual(shown)
    const alt = await service.request().get('/cms-api/media').query({ 'where[alt][equals]': 'hidden-image image' })
    expect([alt.status, alt.body.totalDocs]).toEqual([200, 0])
  })

  it('staff read them all, and every file is still served by its name', async () => {
    const staff = await service.request().get('/cms-api/media?limit=100&depth=0').set(auth())
    expect(idsOf(staff.body.docs)).toEqual(expect.arrayContaining([...shown, ...unshown.map((media) => media.id)]))
    for (const media of unshown) expect(await fileStatus(media.url!)).toBe(200)
  })

  it('an image in a published article: strangers read its address in the Markdown, staff the rich text with it populated', async () => {
    const inline = await uploadImage(service.payload, 'inline-image')
    const id = await articleWith('A published article with an image', `Text.\n\n![inline](${inline.url})\n`)
    const read = await service.request().get(`/cms-api/articles/${id}?depth=1`)
    expect(read.body.content).toContain(inline.url)
    expect(read.body).not.toHaveProperty('contentRichText')
    expect((await service.request().get(`/cms-api/media/${inline.id}`)).status).toBe(404)
    const staff = await service.request().get(`/cms-api/articles/${id}?depth=1`).set(auth())
    const uploads = staff.body.contentRichText.root.children.filter((node: { type: string }) => node.type === 'upload')
    expect(uploads).toEqual([expect.objectContaining({ value: expect.objectContaining({ id: inline.id, url: inline.url }) })])
    const graphql = await service.request().post('/cms-api/graphql').set(auth()).send({ query: `{ Article(id: ${id}) { contentRichText(depth: 1) } }` })
    expect(JSON.stringify(graphql.body.data.Article.contentRichText)).toContain(inline.url)
  })

  it('a public gallery on /api still shows its images, populated for an anonymous caller', async () => {
    const list = await service.request().get('/api/galleries')
    const shownGallery = list.body.data.find((gallery: { title: string }) => gallery.title === 'Shown')
    expect(shownGallery).toMatchObject({ imageCount: 1, coverImage: expect.stringContaining('public-cover') })
    const detail = await service.request().get(`/api/galleries/${shownGallery.id}`)
    expect(detail.body.data.images).toEqual([expect.objectContaining({ url: expect.stringContaining('public-image') })])
  })
})
