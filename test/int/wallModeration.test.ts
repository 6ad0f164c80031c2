import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { bootService, type BootedService } from '../helpers/bootService'

describe('POST /api/wall-messages with WALL_MODERATION=true, WALL_RATE_LIMIT=2 and no TRUST_PROXY', () => {
  let strict: BootedService

  beforeAll(async () => {
    strict = await bootService({ WALL_MODERATION: 'true', WALL_RATE_LIMIT: '2' })
  })

  afterAll(async () => {
    await strict?.stop()
  })

  it('new messages wait as pending and are not listed', async () => {
    const res = await strict.request().post('/api/wall-messages').send({ nickname: 'N', content: 'hi' })
    expect(res.status).toBe(201)
    const doc = await strict.payload.findByID({ collection: 'wall-messages', id: res.body.data.id, overrideAccess: true })
    expect(doc.status).toBe('pending')
    expect((await strict.request().get('/api/wall-messages')).body.total).toBe(0)
  })

  it('ignores X-Forwarded-For: a spoofed address does not escape the limit', async () => {
    const spoofed = (ip: string) => strict.request().post('/api/wall-messages').set('X-Forwarded-For', ip).send({ nickname: 'N', content: 'hi' })
    expect((await spoofed('198.51.100.1')).status).toBe(201) // second from 127.0.0.1 (the first was the test above)
    expect((await spoofed('198.51.100.2')).status).toBe(429)
  })
})
