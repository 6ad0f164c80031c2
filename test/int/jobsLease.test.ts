import { spawnSync } from 'node:child_process'
import os from 'node:os'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { JOB_LEASES_SLUG } from '../../collections/JobLeases'
import { holdLease, leaseHolder, releaseLease, takeOverLease } from '../../lib/jobs/lease'
import { isGoneHolder, newHolderName } from '../../lib/jobs/leaseHolder'
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

  it('is taken over from a holder whose process is gone, by one holder only', async () => {
    const { payload } = service
    const [host, namespace] = newHolderName().split(' ')
    const exited = spawnSync(process.execPath, ['-e', '']).pid
    const gone = `${host} ${namespace} ${exited} 0000dead`
    expect(await holdLease(payload, 'crashed-lease', gone, TTL_MS)).toBe(true)
    expect(await holdLease(payload, 'crashed-lease', 'b', TTL_MS)).toBe(false)
    expect(await leaseHolder(payload, 'crashed-lease')).toBe(gone)
    expect(isGoneHolder(gone)).toBe(process.platform === 'linux')
    const takers = await Promise.all(['b', 'c', 'd'].map((holder) => takeOverLease(payload, 'crashed-lease', gone, holder, TTL_MS)))
    expect(takers.filter(Boolean)).toHaveLength(1)
    expect(await leaseHolder(payload, 'crashed-lease')).toBe(['b', 'c', 'd'][takers.indexOf(true)])
    expect(await leaseHolder(payload, 'never-taken')).toBeUndefined()
  })
})

describe('a lease holder known to be gone', () => {
  const [host, namespace, , random] = newHolderName().split(' ')
  const named = (pid: number, onHost = host, inNamespace = namespace) => `${onHost} ${inNamespace} ${pid} ${random}`

  it.runIf(process.platform === 'linux')('is a process of this host and PID namespace that no longer exists', () => {
    expect(isGoneHolder(named(spawnSync(process.execPath, ['-e', '']).pid!))).toBe(true)
  })

  it('is never a process that still runs, this one, another host or namespace, or a name of an older release', () => {
    const exited = spawnSync(process.execPath, ['-e', '']).pid!
    expect(isGoneHolder(named(process.ppid))).toBe(false)
    expect(isGoneHolder(named(process.pid))).toBe(false)
    expect(isGoneHolder(named(1))).toBe(false)
    expect(isGoneHolder(named(exited, `not-${os.hostname()}`))).toBe(false)
    expect(isGoneHolder(named(exited, host, 'pid:[1]'))).toBe(false)
    expect(isGoneHolder(`${host}:${exited}:0000dead`)).toBe(false)
  })
})
