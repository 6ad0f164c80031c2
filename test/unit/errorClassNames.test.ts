import { Forbidden, NotFound, QueryError } from 'payload'
import { describe, expect, it } from 'vitest'

import { keepErrorClassNames } from '../../lib/errorClassNames'
import { RateLimitedError } from '../../lib/payloadRouteLimits'

describe('keepErrorClassNames', () => {
  it("gives the classes loggingLevels names their names back after a minifier renamed them", () => {
    // What a host's minified server build does to the classes (observed: Forbidden became `o`).
    for (const [errorClass, short] of [[Forbidden, 'o'], [NotFound, 'a'], [QueryError, 'o'], [RateLimitedError, 'i']] as const) {
      Object.defineProperty(errorClass, 'name', { value: short })
    }
    expect(new Forbidden().name).toBe('o')

    keepErrorClassNames()

    expect(new Forbidden().name).toBe('Forbidden')
    expect(new NotFound().name).toBe('NotFound')
    expect(new QueryError([{ path: 'x' }]).name).toBe('QueryError')
    expect(new RateLimitedError('Too many', 60).name).toBe('RateLimitedError')
  })
})
