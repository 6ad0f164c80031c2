import os from 'node:os'

import { describe, expect, it } from 'vitest'

import { ConfigError } from '../../lib/configError'
import { MAX_WORKERS, readEnv } from '../../lib/env'

describe('WORKERS', () => {
  it('is 1 when unset or empty', () => {
    expect(readEnv({}).workers).toBe(1)
    expect(readEnv({ WORKERS: ' ' }).workers).toBe(1)
  })

  it('takes a whole number up to the bound', () => {
    expect(readEnv({ WORKERS: '4' }).workers).toBe(4)
    expect(readEnv({ WORKERS: String(MAX_WORKERS) }).workers).toBe(MAX_WORKERS)
  })

  it('is one per core for "auto" (any case), capped at the bound', () => {
    expect(readEnv({ WORKERS: 'Auto' }).workers).toBe(Math.min(os.availableParallelism(), MAX_WORKERS))
  })

  it.each(['0', '-1', '1.5', 'two', '2x', String(MAX_WORKERS + 1)])('refuses "%s" with a message naming the variable', (value) => {
    const read = () => readEnv({ WORKERS: value })
    expect(read).toThrow(ConfigError)
    expect(read).toThrow(`WORKERS: expected "auto" or a whole number from 1 to ${MAX_WORKERS}, got "${value}"`)
  })
})
