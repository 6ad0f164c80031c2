import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { JOB_LEASES_SLUG } from '../../collections/JobLeases'
import { holdLease, releaseLease } from '../../lib/jobs/lease'
import { bootService, type BootedService } from '../helpers/bootService'

/** The jobs lease: one process at a time runs the queue (lib/jobs/lease.ts), on every adapter. */
describe('the jobs lease', () => {
  let service: BootedService

  beforeAll(async () => {
    service = await bootService()
  })

  afterAll(async () => {
    await service?.stop()
  })

  const TTL_MS = 60_000

  it('is held by one holder at a time: taken, renewed, refused to another, released, then taken over', async () => {
    const { payload } = service
    expect(await holdLease(payload, 'test-lease', 'a', TTL_MS)).toBe(true)
    expect(await holdLease(payload, 'test-lease', 'a', TTL_MS)).toBe(true)
    expect(await holdLease(payload, 'test-lease', 'b', TTL_MS)).toBe(false)
    await releaseLease(payload, 'test-lease', 'b')
    expect(await holdLease(payload, 'test-lease', 'b', TTL_MS)).toBe(false)
    await releaseLease(payload, 'test-lease', 'a')
    expect(await holdLease(payload, 'test-lease', 'b', TTL_MS)).toBe(true)
    const { docs } = await payload.find({ collection: JOB_LEASES_SLUG, where: { name: { equals: 'test-lease' } }, overrideAccess: true })
    expect(docs.map((lease) => lease.holder)).toEqual(['b'])
  })

  it('passes to another holder once it has expired', async () => {
    const { payload } = service
    expect(await holdLease(payload, 'short-lease', 'a', 1)).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(await holdLease(payload, 'short-lease', 'b', TTL_MS)).toBe(true)
    expect(await holdLease(payload, 'short-lease', 'a', TTL_MS)).toBe(false)
  })

  it('goes to exactly one of 20 holders racing for it', async () => {
    const holders = Array.from({ length: 20 }, (_, index) => `racer-${index}`)
    const taken = await Promise.all(holders.map((holder) => holdLease(service.payload, 'raced-lease', holder, TTL_MS)))
    expect(taken.filter(Boolean)).toHaveLength(1)
  })
})
