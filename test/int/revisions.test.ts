import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createAccount, loginToken } from '../helpers/accounts'
import { bootService, type BootedService } from '../helpers/bootService'
import { createCategory } from '../helpers/content'

let service: BootedService
let categoryId = 0
const tokens: Record<'editor' | 'member', string> = { editor: '', member: '' }
let editorId = 0

const as = (who: keyof typeof tokens) => ({ Authorization: `Bearer ${tokens[who]}` })

type Version = { id: number | string; parent: number; updatedAt: string; version: { content: string; slug: string; lastEditedBy?: number | { id: number } | null } }

const versionsOf = async (id: number): Promise<Version[]> => {
  const res = await service.request().get(`/cms-api/articles/versions?where[parent][equals]=${id}&sort=updatedAt&limit=100&depth=0`).set(as('editor'))
  expect(res.status).toBe(200)
  return res.body.docs
}
const restore = async (versionId: number | string) => service.request().post(`/cms-api/articles/versions/${versionId}`).set(as('editor'))
const edit = async (id: number, data: Record<string, unknown>) => {
  const res = await service.request().put(`/api/admin/articles/${id}`).set(as('editor')).send(data)
  expect(res.status).toBe(200)
  return res.body.data
}

beforeAll(async () => {
  service = await bootService()
  await createAccount(service.payload, 'admin', 'admin@example.com')
  editorId = Number((await createAccount(service.payload, 'editor', 'editor@example.com')).id)
  tokens.editor = await loginToken(service, 'editor@example.com')
  await createAccount(service.payload, 'user', 'member@example.com')
  tokens.member = await loginToken(service, 'member@example.com')
  categoryId = await createCategory(service.payload, 'Notes')
})

afterAll(async () => {
  await service?.stop()
})

describe('revisions', () => {
  it('keep every save with who made it; a restore brings back the content and slug, through every hook', async () => {
    const created = await service.request().post('/api/admin/articles').set(as('editor'))
      .send({ title: 'Versioned', slug: 'first-words', content: '# First\n\nThe *aardvark* version.', categoryId, status: 'published' })
    const id: number = created.body.data.id
    await edit(id, { content: '# Second\n\nThe *badger* version.', slug: 'second-words' })
    await edit(id, { content: '# Third\n\nThe *cheetah* version.' })
    const versions = await versionsOf(id)
    expect(versions.map((version) => version.version.content)).toEqual([
      '# First\n\nThe *aardvark* version.',
      '# Second\n\nThe *badger* version.',
      '# Third\n\nThe *cheetah* version.',
    ])
    expect(versions.map((version) => version.version.lastEditedBy)).toEqual([editorId, editorId, editorId])

    // Views counted since then stay; the detail is in the public cache before the restore.
    await service.request().get(`/api/articles/second-words-${id}`)
    const before = (await service.request().get(`/api/articles/second-words-${id}`)).body.data
    expect(before.content).toBe('# Third\n\nThe *cheetah* version.')

    const restored = await restore(versions[0]!.id)
    expect(restored.status).toBe(200)
    const after = (await service.request().get(`/api/articles/first-words-${id}`)).body.data
    expect(after).toMatchObject({ content: '# First\n\nThe *aardvark* version.', slug: `first-words-${id}`, status: 'published' })
    expect(after.viewCount).toBe(before.viewCount + 1)
    expect(after.toc).toEqual([])
    // The slug it had in between is an old address now; search and the rich text follow the restore.
    const moved = await service.request().get(`/api/articles/second-words-${id}`)
    expect(moved.status).toBe(301)
    expect(moved.headers.location).toBe(`/api/articles/first-words-${id}`)
    const found = (await service.request().get('/api/search?q=aardvark')).body.data.map((hit: { id: number }) => hit.id)
    expect(found).toEqual([id])
    expect((await service.request().get('/api/search?q=cheetah')).body.data).toEqual([])
    const record = await service.payload.findByID({ collection: 'articles', id, depth: 0 })
    expect(JSON.stringify(record.contentRichText)).toContain('aardvark')
    // The restore is a save too: a fourth version, by the editor who restored.
    expect((await versionsOf(id)).map((version) => version.version.content).at(-1)).toBe('# First\n\nThe *aardvark* version.')
  })

  it('a restore keeps the publication state: restoring a draft-time version does not unpublish', async () => {
    const created = await service.request().post('/api/admin/articles').set(as('editor')).send({ title: 'Draft first', content: 'Draft words.', categoryId })
    const id: number = created.body.data.id
    await edit(id, { status: 'published', content: 'Published words.' })
    const [draftVersion] = await versionsOf(id)
    expect((await restore(draftVersion!.id)).status).toBe(200)
    const after = (await service.request().get(`/api/articles/${id}`)).body.data
    expect(after).toMatchObject({ status: 'published', content: 'Draft words.' })
  })

  it('keeps the last 50 saves', async () => {
    const created = await service.request().post('/api/admin/articles').set(as('editor')).send({ title: 'Busy', content: 'v0', categoryId })
    const id: number = created.body.data.id
    for (let save = 1; save <= 54; save++) await service.payload.update({ collection: 'articles', id, data: { content: `v${save}` } })
    const versions = await versionsOf(id)
    expect(versions).toHaveLength(50)
    expect(versions.at(-1)!.version.content).toBe('v54')
    expect(versions[0]!.version.content).toBe('v5')
  })

  it('only staff read or restore versions; /api answers are unchanged', async () => {
    const created = await service.request().post('/api/admin/articles').set(as('editor')).send({ title: 'Private history', content: 'Secret draft.', categoryId })
    const id: number = created.body.data.id
    const [version] = await versionsOf(id)
    for (const headers of [{}, as('member')]) {
      const list = await service.request().get(`/cms-api/articles/versions?where[parent][equals]=${id}`).set(headers)
      expect(list.status).toBe(403)
      expect((await service.request().get(`/cms-api/articles/versions/${version!.id}`).set(headers)).status).toBe(403)
      expect((await service.request().post(`/cms-api/articles/versions/${version!.id}`).set(headers)).status).toBe(403)
    }
    await edit(id, { status: 'published' })
    const detail = (await service.request().get(`/api/articles/${id}`)).body.data
    expect(Object.keys(detail)).not.toEqual(expect.arrayContaining(['_status']))
    expect(detail).not.toHaveProperty('lastEditedBy')
  })

  it('projects keep their history too', async () => {
    const created = await service.request().post('/api/admin/projects').set(as('editor')).send({ title: 'Tool', description: 'First take.', status: 'published' })
    const id: number = created.body.data.id
    await service.request().put(`/api/admin/projects/${id}`).set(as('editor')).send({ description: 'Second take.' })
    const res = await service.request().get(`/cms-api/projects/versions?where[parent][equals]=${id}&sort=createdAt`).set(as('editor'))
    expect(res.body.docs.map((doc: { version: { description: string } }) => doc.version.description)).toEqual(['First take.', 'Second take.'])
    expect((await service.request().post(`/cms-api/projects/versions/${res.body.docs[0].id}`).set(as('editor'))).status).toBe(200)
    expect((await service.request().get(`/api/projects/${id}`)).body.data).toMatchObject({ description: 'First take.', status: 'published' })
  })
})
