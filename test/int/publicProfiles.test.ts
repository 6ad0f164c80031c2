import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { PUBLIC_PROFILES_CONTEXT } from '../../access/publicProfiles'
import { createAccount, loginToken } from '../helpers/accounts'
import { bootService, type BootedService } from '../helpers/bootService'
import { createArticle, createCategory } from '../helpers/content'

// Which user fields are public is the users collection's rule (access/publicProfiles.ts): name and avatar, shown
// next to what a user wrote; email and roles only to the account's owner and admins. Checked through every door.

let service: BootedService
let authorId = 0
let memberId = 0
let articleId = 0

beforeAll(async () => {
  service = await bootService()
  const { payload } = service
  await createAccount(payload, 'admin', 'admin@example.com')
  authorId = Number((await createAccount(payload, 'editor', 'author@example.com')).id)
  await payload.update({ collection: 'users', id: authorId, data: { name: 'Ada Author', avatar: 'https://cdn.example.com/ada.png' }, overrideAccess: true })
  memberId = Number((await createAccount(payload, 'user', 'member@example.com')).id)
  const category = await createCategory(payload, 'Notes')
  articleId = Number((await createArticle(payload, { title: 'Bylined', category, author: authorId })).id)
})

afterAll(async () => {
  await service?.stop()
})

describe('/api shows the public profile and nothing else', () => {
  it('an article names its author', async () => {
    const res = await service.request().get(`/api/articles/${articleId}`)
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ authorId, authorName: 'Ada Author' })
    expect(JSON.stringify(res.body)).not.toContain('author@example.com')
  })
})

describe('/cms-api keeps accounts private', () => {
  it('anonymous callers cannot list or read accounts', async () => {
    const list = await service.request().get('/cms-api/users')
    expect(list.status).toBe(403)
    const one = await service.request().get(`/cms-api/users/${authorId}`)
    expect(one.status).toBe(403)
  })

  it('a member sees their own account with its email, and no one else', async () => {
    const token = await loginToken(service, 'member@example.com')
    const list = await service.request().get('/cms-api/users').set('Authorization', `Bearer ${token}`)
    expect(list.status).toBe(200)
    expect(list.body.docs.map((user: { id: number }) => user.id)).toEqual([memberId])
    expect(list.body.docs[0]).toMatchObject({ email: 'member@example.com', roles: ['user'] })
  })

  it('an admin sees every account with its email and roles', async () => {
    const token = await loginToken(service, 'admin@example.com')
    const res = await service.request().get(`/cms-api/users/${authorId}`).set('Authorization', `Bearer ${token}`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ email: 'author@example.com', roles: ['editor'], name: 'Ada Author' })
  })
})

describe('the Local API applies the same rule', () => {
  it('a profile read shows every user, with name and avatar only, however wide the select', async () => {
    const { docs } = await service.payload.find({
      collection: 'users',
      context: { [PUBLIC_PROFILES_CONTEXT]: true },
      overrideAccess: false,
      where: { id: { equals: authorId } },
    })
    expect(docs).toHaveLength(1)
    expect(docs[0]).toMatchObject({ id: authorId, name: 'Ada Author', avatar: 'https://cdn.example.com/ada.png' })
    expect(docs[0]).not.toHaveProperty('email')
    expect(docs[0]).not.toHaveProperty('roles')
  })

  it('without the profile flag an anonymous read is refused', async () => {
    await expect(service.payload.find({ collection: 'users', overrideAccess: false })).rejects.toMatchObject({ status: 403 })
  })
})
