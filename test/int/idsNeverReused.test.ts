import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CollectionSlug, Payload } from 'payload'

import { createAccount } from '../helpers/accounts'
import { bootService, type BootedService } from '../helpers/bootService'
import { createArticle, createCategory } from '../helpers/content'
import { uploadImage } from '../helpers/media'

let service: BootedService
let sample = 0

beforeAll(async () => {
  service = await bootService()
})

afterAll(async () => {
  await service?.stop()
})

/** What one record of each collection needs (every create numbered, so unique fields stay unique). */
const recordOf = async (payload: Payload, slug: string): Promise<Record<string, unknown> | 'upload'> => {
  const n = ++sample
  const article = async () => (await createArticle(payload, { title: `Liked ${n}`, category: await createCategory(payload, `Liked ${n}`) })).id
  const webhook = async () => (await payload.create({ collection: 'webhooks', data: { url: `https://example.com/hook-${n}`, events: ['article.published'] }, overrideAccess: true })).id
  const user = async () => (await createAccount(payload, 'editor', `author-${n}@example.com`)).id
  switch (slug) {
    case 'users':
      return { email: `user-${n}@example.com`, password: 'correct horse battery staple', name: `User ${n}`, roles: ['editor'] }
    case 'categories':
      return { name: `Category ${n}`, type: 'article' }
    case 'articles':
      return { title: `Article ${n}`, content: 'Text', status: 'published', category: await createCategory(payload, `Category of ${n}`) }
    case 'projects':
      return { title: `Project ${n}`, description: 'A project', status: 'published' }
    case 'carousels':
      return { title: `Slide ${n}`, imageUrl: 'https://example.com/slide.png' }
    case 'resources':
      return { title: `Resource ${n}`, fileUrl: 'https://example.com/file.zip', status: 'active' }
    case 'media':
      return 'upload'
    case 'galleries':
      return { title: `Gallery ${n}`, public: true }
    case 'skills':
      return { name: `Skill ${n}`, level: 50 }
    case 'wall-messages':
      return { nickname: `Visitor ${n}`, content: 'Hello' }
    case 'counters':
      return { views: 0, likes: 0, downloads: 0 }
    case 'article-daily-views':
      return { article: await article(), day: '2026-11-27', views: 1 }
    case 'article-likes':
      return { article: await article(), visitorHash: `visitor-${n}`, ipHash: `ip-${n}` }
    case 'article-redirects':
      return { article: await article(), slug: `old-${n}` }
    case 'import-sources':
      return { key: `source-${n}`, collection: 'articles', record: n, fingerprint: `f${n}` }
    case 'job-leases':
      return { name: `lease-${n}`, holder: 'test', expiresAt: new Date().toISOString() }
    case 'webhooks':
      return { url: `https://example.com/hook-${n}`, events: ['article.published'] }
    case 'webhook-deliveries':
      return { webhook: await webhook(), type: 'article.published', status: 'pending', messageId: `msg_${n}`, body: '{}' }
    case 'payload-kv':
      return { key: `key-${n}`, data: { n } }
    case 'payload-jobs':
      // Finished, so the jobs runner leaves it alone.
      return { taskSlug: 'inline', input: {}, completedAt: new Date().toISOString(), hasError: false }
    case 'payload-locked-documents':
      return { document: { relationTo: 'articles', value: await article() }, user: { relationTo: 'users', value: await user() } }
    case 'payload-preferences':
      return { key: `preference-${n}`, user: { relationTo: 'users', value: await user() }, value: {} }
    case 'payload-migrations':
      return { name: `migration-${n}`, batch: 99 }
    default:
      throw new Error(`no sample record for the "${slug}" collection: add one here`)
  }
}

/** Payload's own collections are written by the adapter directly (their hooks want a logged-in user or run the job). */
const create = async (payload: Payload, slug: CollectionSlug): Promise<number> => {
  const data = await recordOf(payload, slug)
  if (data === 'upload') return Number((await uploadImage(payload, `image-${++sample}`, 20, 20)).id)
  if (slug.startsWith('payload-')) return Number((await payload.db.create({ collection: slug, data })).id)
  return Number((await payload.create({ collection: slug, data: data as never, overrideAccess: true, disableVerificationEmail: true })).id)
}

describe('ids after a delete', () => {
  it('gives a record created after the newest one was deleted a higher id, in every collection', async () => {
    const slugs = service.payload.config.collections.map((collection) => collection.slug)
    expect(slugs).toEqual(expect.arrayContaining(['articles', 'projects', 'resources', 'carousels', 'categories', 'payload-preferences']))
    const reused: string[] = []
    for (const slug of slugs) {
      const deleted = await create(service.payload, slug)
      await service.payload.delete({ collection: slug, id: deleted, overrideAccess: true })
      const next = await create(service.payload, slug)
      if (!(next > deleted)) reused.push(`${slug}: ${deleted} deleted, then ${next}`)
    }
    expect(reused).toEqual([])
  })

  it('answers a new article on /api with an id above a deleted one', async () => {
    const category = await createCategory(service.payload, 'Through the API')
    const first = await createArticle(service.payload, { title: 'Soon gone', category })
    await service.payload.delete({ collection: 'articles', id: first.id, overrideAccess: true })
    const second = await createArticle(service.payload, { title: 'Newer', category })
    expect(second.id).toBeGreaterThan(first.id)
    expect((await service.request().get(`/api/articles/${first.id}`)).status).toBe(404)
    expect((await service.request().get(`/api/articles/${second.id}`)).body.data).toMatchObject({ id: second.id, title: 'Newer' })
  })
})
