import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createAccount, loginToken } from '../helpers/accounts'
import { bootService, type BootedService } from '../helpers/bootService'
import { createArticle, createCategory, createProject } from '../helpers/content'
import { uploadImage } from '../helpers/media'

let service: BootedService
let adminToken = ''
let editorToken = ''
const ids: Record<string, number> = {}
const system = { overrideAccess: true } as const

beforeAll(async () => {
  service = await bootService({ SERVER_URL: 'https://cms.example.com' })
  const { payload } = service
  const admin = await createAccount(payload, 'admin', 'admin@example.com')
  await payload.update({ collection: 'users', id: admin.id, data: { avatar: 'https://img.example.com/me.png' }, ...system })
  await createAccount(payload, 'editor', 'editor@example.com')
  adminToken = await loginToken(service, 'admin@example.com')
  editorToken = await loginToken(service, 'editor@example.com')

  for (const [name, status] of [['guide', 'active'], ['old', 'inactive'], ['slides', 'active']] as const) {
    const doc = await payload.create({
      collection: 'resources',
      data: { title: name, fileUrl: `https://files.example.com/${name}.pdf`, fileSize: '2 MB', status },
      ...system,
    })
    ids[name] = Number(doc.id)
  }

  const wall = async (data: Record<string, unknown>) => Number((await payload.create({ collection: 'wall-messages', data: data as never, ...system })).id)
  ids.wallAnon = await wall({ nickname: 'Anon', content: 'Hi!' })
  ids.wallEmail = await wall({ nickname: 'Mailer', content: 'Hello', email: 'Someone@Example.com' })
  ids.wallUser = await wall({ nickname: 'Owner', content: '<script>alert(1)</script>', user: admin.id })
  ids.wallPending = await wall({ nickname: 'Waiting', content: 'pending', status: 'pending' })
  ids.wallSpam = await wall({ nickname: 'Spammer', content: 'buy', status: 'spam' })

  const [one, two] = [await uploadImage(payload, 'one'), await uploadImage(payload, 'two', 300, 200)]
  ids.imageOne = Number(one.id)
  ids.imageTwo = Number(two.id)
  ids.gallery = Number(
    (await payload.create({ collection: 'galleries', data: { title: 'Travels', order: 2, images: [{ image: one.id }, { image: two.id }] }, ...system })).id,
  )
  ids.galleryFirst = Number((await payload.create({ collection: 'galleries', data: { title: 'Empty', order: 1 }, ...system })).id)
  ids.hidden = Number((await payload.create({ collection: 'galleries', data: { title: 'Private', public: false, images: [{ image: one.id }] }, ...system })).id)

  for (const [name, category, level, order] of [
    ['React', 'frontend', 90, 1],
    ['CSS', 'frontend', 80, 1],
    ['Vue', 'frontend', 95, 2],
    ['Node', 'backend', 85, 0],
    ['Git', 'tool', 70, 0],
    ['Writing', 'other', 60, 0],
  ] as const) {
    await payload.create({
      collection: 'skills',
      data: { name, category, level, order, icon: name === 'React' ? 'https://icons.example.com/react.svg' : undefined },
      ...system,
    })
  }

  await payload.updateGlobal({
    slug: 'site',
    data: { hero: { title: 'Hi, I am Ada', subtitle: 'I build things', avatar: '/media/ada.png', backgroundImage: 'https://img.example.com/bg.jpg' } },
    ...system,
  })
  for (const [title, order, status] of [['Second', 2, 'active'], ['First', 1, 'active'], ['Off', 0, 'inactive']] as const) {
    await payload.create({ collection: 'carousels', data: { title, order, status, imageUrl: `https://img.example.com/${title}.jpg` }, ...system })
  }
  const category = await createCategory(payload, 'Notes')
  for (let n = 1; n <= 6; n++) await createArticle(payload, { title: `Note ${n}`, category, viewCount: n })
  await createArticle(payload, { title: 'Draft note', category, status: 'draft', viewCount: 1000 })
  for (let n = 1; n <= 8; n++) {
    await createProject(payload, { title: `Project ${n}`, featured: n !== 3, order: 10 - n, techStack: ['TS'], viewCount: 100 })
  }
  await createProject(payload, { title: 'Draft project', featured: true, status: 'draft', viewCount: 1000 })
})

afterAll(async () => {
  await service?.stop()
})

const get = (path: string) => service.request().get(path)

describe('GET /api/resources', () => {
  it('lists active resources without fileUrl, newest first', async () => {
    const res = await get('/api/resources')
    expect(Object.keys(res.body).sort()).toEqual(['data', 'limit', 'page', 'success', 'total'])
    expect(res.body).toMatchObject({ total: 2, page: 1, limit: 10 })
    expect(res.body.data.map((item: { title: string }) => item.title)).toEqual(['slides', 'guide'])
    for (const item of res.body.data) {
      expect(Object.keys(item).sort()).toEqual(['createdAt', 'description', 'downloadCount', 'fileSize', 'id', 'title'])
    }
    expect(res.body.data[1]).toMatchObject({ description: null, fileSize: '2 MB', downloadCount: 0 })
  })

  it('400 for bad paging', async () => {
    expect((await get('/api/resources?limit=0')).status).toBe(400)
  })
})

describe('GET /api/resources/:id/download', () => {
  it('redirects 302 to the file and counts the download; HEAD does not count', async () => {
    const res = await get(`/api/resources/${ids.guide}/download`)
    expect(res.status).toBe(302)
    expect(res.headers.location).toBe('https://files.example.com/guide.pdf')
    await service.request().head(`/api/resources/${ids.guide}/download`)
    const stored = await service.payload.findByID({ collection: 'resources', id: ids.guide })
    expect(stored.downloadCount).toBe(1)
  })

  it('counts exactly 50 downloads for 50 parallel requests', async () => {
    const responses = await Promise.all(Array.from({ length: 50 }, () => get(`/api/resources/${ids.slides}/download`)))
    expect(responses.every((res) => res.status === 302)).toBe(true)
    expect((await service.payload.findByID({ collection: 'resources', id: ids.slides })).downloadCount).toBe(50)
  })

  it('404 for inactive (even for staff) and missing resources', async () => {
    expect((await get(`/api/resources/${ids.old}/download`)).status).toBe(404)
    expect((await get(`/api/resources/${ids.old}/download`).set('Authorization', `Bearer ${editorToken}`)).status).toBe(404)
    expect((await get('/api/resources/999999/download')).status).toBe(404)
    expect((await get('/api/resources/abc/download')).status).toBe(404)
  })
})

describe('GET /api/wall-messages', () => {
  it('lists approved messages newest first, 20 per page, without emails, with avatars', async () => {
    const res = await get('/api/wall-messages')
    expect(Object.keys(res.body).sort()).toEqual(['data', 'limit', 'page', 'success', 'total'])
    expect(res.body).toMatchObject({ total: 3, page: 1, limit: 20 })
    expect(res.body.data.map((item: { id: number }) => item.id)).toEqual([ids.wallUser, ids.wallEmail, ids.wallAnon])
    for (const item of res.body.data) expect(Object.keys(item).sort()).toEqual(['avatar', 'content', 'createdAt', 'id', 'nickname'])
    expect(res.text).not.toMatch(/example\.com"|Someone|emailHash/i)
    const [owner, mailer, anon] = res.body.data
    expect(owner.avatar).toBe('https://img.example.com/me.png')
    // md5("someone@example.com"): the address is lowercased before hashing, as Gravatar requires
    expect(mailer.avatar).toBe('https://www.gravatar.com/avatar/16d113840f999444259f73bac9ab8b10?d=identicon&s=80')
    expect(anon.avatar).toMatch(/^https:\/\/www\.gravatar\.com\/avatar\/[0-9a-f]{32}\?d=identicon&s=80&f=y$/)
    expect(owner.content).toBe('<script>alert(1)</script>')
  })
})

describe('galleries', () => {
  it('GET /api/galleries lists public galleries by order, with cover and image count', async () => {
    const res = await get('/api/galleries')
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual([
      { id: ids.galleryFirst, title: 'Empty', description: null, coverImage: null, imageCount: 0 },
      { id: ids.gallery, title: 'Travels', description: null, coverImage: expect.stringMatching(/^https:\/\/cms\.example\.com\/.*one\.png$/), imageCount: 2 },
    ])
  })

  it('GET /api/galleries/:id gives images with their media ids, absolute URLs and 400 px thumbnails', async () => {
    const res = await get(`/api/galleries/${ids.gallery}`)
    expect(res.status).toBe(200)
    expect(Object.keys(res.body.data).sort()).toEqual(['coverImage', 'description', 'id', 'images', 'title'])
    expect(res.body.data.images).toEqual([
      { id: ids.imageOne, url: expect.stringMatching(/^https:\/\/cms\.example\.com\/cms-api\/media\/file\/one\.png$/), thumbnail: expect.stringMatching(/one-400x\d+\.webp$/) },
      { id: ids.imageTwo, url: expect.stringMatching(/two\.png$/), thumbnail: expect.stringMatching(/two\.png$/) },
    ])
    const media = await service.payload.findByID({ collection: 'media', id: ids.imageOne })
    expect(media.sizes?.thumbnail?.width).toBe(400)
  })

  it('a hidden gallery is 404 to the public, visible to staff; missing is 404', async () => {
    expect((await get(`/api/galleries/${ids.hidden}`)).status).toBe(404)
    expect((await get(`/api/galleries/${ids.hidden}`).set('Authorization', `Bearer ${editorToken}`)).status).toBe(200)
    expect((await get('/api/galleries/999999')).status).toBe(404)
  })
})

describe('GET /api/skills', () => {
  it('groups skills under the four keys, by order then level, icon only when set', async () => {
    const res = await get('/api/skills')
    expect(res.status).toBe(200)
    expect(Object.keys(res.body.data).sort()).toEqual(['backend', 'frontend', 'other', 'tool'])
    expect(res.body.data.frontend.map((skill: { name: string }) => skill.name)).toEqual(['React', 'CSS', 'Vue'])
    expect(res.body.data.frontend[0]).toEqual({ name: 'React', level: 90, description: null, icon: 'https://icons.example.com/react.svg' })
    expect(res.body.data.frontend[1]).toEqual({ name: 'CSS', level: 80, description: null })
    expect(res.body.data.backend).toHaveLength(1)
    expect(res.headers['cache-control']).toBe('public, max-age=3600')
  })
})

describe('GET /api/home', () => {
  it('has every key with the right content', async () => {
    const res = await get('/api/home')
    expect(res.status).toBe(200)
    const home = res.body.data
    expect(Object.keys(home).sort()).toEqual(['carousels', 'featuredProjects', 'hero', 'latestArticles', 'skills', 'stats'])
    expect(home.hero).toEqual({
      title: 'Hi, I am Ada',
      subtitle: 'I build things',
      avatar: '/media/ada.png',
      backgroundImage: 'https://img.example.com/bg.jpg',
    })
    expect(home.stats).toEqual({ articles: 6, projects: 8, views: 1 + 2 + 3 + 4 + 5 + 6 + 8 * 100 })
    expect(home.carousels).toEqual([
      { id: expect.any(Number), title: 'First', imageUrl: 'https://img.example.com/First.jpg', linkUrl: null },
      { id: expect.any(Number), title: 'Second', imageUrl: 'https://img.example.com/Second.jpg', linkUrl: null },
    ])
    expect(home.latestArticles).toHaveLength(5)
    expect(home.latestArticles.map((item: { title: string }) => item.title)).not.toContain('Draft note')
    for (const item of home.latestArticles) expect(Object.keys(item).sort()).toEqual(['coverImage', 'createdAt', 'excerpt', 'id', 'title'])
    expect(home.featuredProjects.map((item: { title: string }) => item.title)).toEqual([
      'Project 8',
      'Project 7',
      'Project 6',
      'Project 5',
      'Project 4',
      'Project 2',
    ])
    for (const item of home.featuredProjects) expect(Object.keys(item).sort()).toEqual(['coverImage', 'description', 'id', 'techStack', 'title'])
    expect(home.skills).toHaveLength(6)
    expect(home.skills[0]).toEqual({ name: 'Node', category: 'backend', level: 85 })
    expect(res.headers['cache-control']).toBe('public, max-age=300')
    expect(JSON.stringify(home)).not.toMatch(/Draft|Off/)
  })

  it('answers If-None-Match with 304 and no-store for a token holder', async () => {
    const first = await get('/api/home')
    const second = await get('/api/home').set('If-None-Match', first.headers.etag!)
    expect(second.status).toBe(304)
    expect((await get('/api/home').set('Authorization', `Bearer ${editorToken}`)).headers['cache-control']).toBe('private, no-store')
  })
})

describe('cache invalidation: an edit is visible on the next request, whichever door it came through', () => {
  const heroTitle = async () => (await get('/api/home')).body.data.hero.title

  it('Local API (the path of the admin API and of scripts)', async () => {
    await get('/api/home')
    await service.payload.updateGlobal({ slug: 'site', data: { hero: { title: 'Changed locally' } }, ...system })
    expect(await heroTitle()).toBe('Changed locally')
  })

  it('/cms-api REST with a token (the admin UI saves through it)', async () => {
    await get('/api/home')
    const res = await service
      .request()
      .post('/cms-api/globals/site')
      .set('Authorization', `Bearer ${adminToken}`)
      .send({ hero: { title: 'Changed over REST' } })
    expect(res.status).toBe(200)
    expect(await heroTitle()).toBe('Changed over REST')
  })

  it('/cms-api GraphQL', async () => {
    await get('/api/skills')
    const res = await service
      .request()
      .post('/cms-api/graphql')
      .set('Authorization', `Bearer ${adminToken}`)
      .send({ query: 'mutation { createSkill(data: { name: "Go", category: backend, level: 75 }) { id } }' })
    expect(res.body.errors).toBeUndefined()
    const skills = await get('/api/skills')
    expect(skills.body.data.backend.map((skill: { name: string }) => skill.name)).toContain('Go')
  })

  it.each([
    ['an article is published', async () => {
      const draft = await service.payload.find({ collection: 'articles', where: { title: { equals: 'Draft note' } }, ...system })
      await service.payload.update({ collection: 'articles', id: draft.docs[0]!.id, data: { status: 'published' }, ...system })
    }, (home: { stats: { articles: number } }) => home.stats.articles === 7],
    ['a carousel is deleted', async () => {
      const first = await service.payload.find({ collection: 'carousels', where: { title: { equals: 'First' } }, ...system })
      await service.payload.delete({ collection: 'carousels', id: first.docs[0]!.id, ...system })
    }, (home: { carousels: { title: string }[] }) => home.carousels.map((c) => c.title).join() === 'Second'],
    ['a project is unfeatured', async () => {
      const p8 = await service.payload.find({ collection: 'projects', where: { title: { equals: 'Project 8' } }, ...system })
      await service.payload.update({ collection: 'projects', id: p8.docs[0]!.id, data: { featured: false }, ...system })
    }, (home: { featuredProjects: { title: string }[] }) => home.featuredProjects[0]!.title === 'Project 7'],
  ])('home, when %s', async (_name, change, holds) => {
    await get('/api/home')
    await change()
    expect(holds((await get('/api/home')).body.data as never)).toBe(true)
  })
})
