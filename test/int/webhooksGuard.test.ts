import os from 'node:os'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createAccount, loginToken } from '../helpers/accounts'
import { bootService, type BootedService } from '../helpers/bootService'
import { pollUntil } from '../helpers/poll'
import { type Receiver, startReceiver } from '../helpers/webhookReceiver'
import { forbiddenAddressReason, lookupAll } from '../../lib/webhooks/addressGuard'

// The service as deployed: WEBHOOK_ALLOW_PRIVATE unset, so a receiver on this host is refused.
let service: BootedService
let receiver: Receiver
let admin: Record<string, string> = {}

beforeAll(async () => {
  receiver = await startReceiver()
  service = await bootService({ JOBS_POLL_MS: '100', WEBHOOK_RETRY_DELAYS: '100' })
  const owner = await createAccount(service.payload, 'admin', 'owner@example.com')
  admin = { Authorization: `Bearer ${await loginToken(service, owner.email)}` }
})

afterAll(async () => {
  await service?.stop()
  await receiver?.stop()
})

describe('without WEBHOOK_ALLOW_PRIVATE', () => {
  it.each([
    receiver => receiver.url('/hook'),
    receiver => receiver.url('/hook').replace('127.0.0.1', 'localhost'),
    receiver => receiver.url('/hook').replace('127.0.0.1', '[::ffff:127.0.0.1]'),
    () => 'http://169.254.169.254/latest/meta-data/',
    () => 'http://[fd00:ec2::254]/',
    () => 'http://10.0.0.1/hook',
    // IPv6 forms that carry an internal IPv4 address.
    receiver => receiver.url('/hook').replace('127.0.0.1', '[::127.0.0.1]'),
    () => 'http://[::a9fe:a9fe]/latest/meta-data/',
    () => 'http://[::10.0.0.1]/hook',
    () => 'http://[64:ff9b::a9fe:a9fe]/latest/meta-data/',
    () => 'http://[2002:7f00:1::1]/hook',
  ] as ((receiver: Receiver) => string)[])('refuses a literal internal address at save (%#)', async (urlOf) => {
    const res = await service.request().post('/cms-api/webhooks').set(admin).send({ url: urlOf(receiver), events: ['site.updated'] })
    expect(res.status).toBe(400)
    expect(JSON.stringify(res.body)).toContain('WEBHOOK_ALLOW_PRIVATE=true')
  })

  it('refuses at delivery a name that resolves to an internal address, and sends nothing there', async () => {
    const name = os.hostname()
    const addresses = await lookupAll(name).catch(() => [])
    if (addresses.length === 0 || !addresses.some(({ address }) => forbiddenAddressReason(address))) {
      console.warn(`skipped: ${name} does not resolve to an internal address on this machine`)
      return
    }
    const url = receiver.url('/by-name').replace('127.0.0.1', name)
    const created = await service.request().post('/cms-api/webhooks').set(admin).send({ url, events: ['site.updated'] })
    expect(created.status).toBe(201)
    await service.request().post('/cms-api/globals/site').set(admin).send({ hero: { title: 'Anyone there?' } })
    const delivery = await pollUntil('the refused delivery to fail', async () => {
      const { docs } = await service.payload.find({ collection: 'webhook-deliveries', where: { webhook: { equals: created.body.doc.id } }, depth: 0 })
      return docs[0]?.status === 'failed' ? docs[0] : undefined
    })
    expect(delivery.attempts).toHaveLength(2)
    expect(delivery.attempts![0]).toMatchObject({ statusCode: null, error: expect.stringMatching(new RegExp(`^refused: .* address \\(${name} resolves to it\\); set WEBHOOK_ALLOW_PRIVATE=true`)) })
    const test = await service.request().post(`/cms-api/webhooks/${created.body.doc.id}/test`).set(admin)
    expect(test.body).toMatchObject({ ok: false, statusCode: null, error: expect.stringContaining('refused') })
    expect(receiver.calls).toHaveLength(0)
  })
})
