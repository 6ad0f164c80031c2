import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { postWallMessage } from '../../endpoints/contracts/wallMessages'
import { bootService, type BootedService } from '../helpers/bootService'

describe('POST /api/wall-messages with WALL_MODERATION=true, WALL_RATE_LIMIT=3 and no TRUST_PROXY', () => {
  let strict: BootedService

  beforeAll(async () => {
    strict = await bootService({ WALL_MODERATION: 'true', WALL_RATE_LIMIT: '3' })
  })

  afterAll(async () => {
    await strict?.stop()
  })

  it('new messages wait as pending and are not listed', async () => {
    const res = await strict.request().post('/api/wall-messages').send({ nickname: 'N', content: 'hi' })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ success: true, moderation: 'pending' })
    expect(postWallMessage.responses[201].json.safeParse(res.body).success).toBe(true)
    const doc = await strict.payload.findByID({ collection: 'wall-messages', id: res.body.data.id, overrideAccess: true })
    expect(doc.status).toBe('pending')
    expect((await strict.request().get('/api/wall-messages')).body.total).toBe(0)
  })

  it('tells a bot filling the honeypot that its message awaits moderation, as anyone else, and stores it as spam', async () => {
    const res = await strict.request().post('/api/wall-messages').send({ nickname: 'Bot', content: 'cheap pills', homepage: 'http://spam.example.com' })
    expect(res.status).toBe(201)
    expect(res.body.moderation).toBe('pending')
    const doc = await strict.payload.findByID({ collection: 'wall-messages', id: res.body.data.id, overrideAccess: true })
    expect(doc.status).toBe('spam')
  })

  it('ignores X-Forwarded-For: a spoofed address does not escape the limit', async () => {
    const spoofed = (ip: string) => strict.request().post('/api/wall-messages').set('X-Forwarded-For', ip).send({ nickname: 'N', content: 'hi' })
    expect((await spoofed('198.51.100.1')).status).toBe(201) // third from 127.0.0.1 (the tests above sent two)
    expect((await spoofed('198.51.100.2')).status).toBe(429)
  })
})
