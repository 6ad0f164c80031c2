import { describe, expect, it } from 'vitest'

import { serverFlags } from '../../scripts/server-flags.mjs'

describe("npm start's Node flags", () => {
  it('cap the old generation at HEAP_LIMIT_MB (256 by default) and the young one at 8 MB a semi-space', () => {
    expect(serverFlags({})).toEqual(['--conditions=production', '--no-deprecation', '--max-old-space-size=256', '--max-semi-space-size=8'])
    expect(serverFlags({ HEAP_LIMIT_MB: '512' })).toContain('--max-old-space-size=512')
  })

  it('leave both generations to V8 with HEAP_LIMIT_MB=off, and add no limit for a HEAP_LIMIT_MB that cannot be used', () => {
    expect(serverFlags({ HEAP_LIMIT_MB: 'off' })).toEqual(['--conditions=production', '--no-deprecation'])
    expect(serverFlags({ HEAP_LIMIT_MB: '12' })).toEqual(['--conditions=production', '--no-deprecation'])
  })

  it('let a limit already in NODE_OPTIONS win, each on its own', () => {
    expect(serverFlags({ NODE_OPTIONS: '--max-old-space-size=1024' })).toEqual(['--conditions=production', '--no-deprecation', '--max-semi-space-size=8'])
    expect(serverFlags({ NODE_OPTIONS: '--max-semi-space-size 32' })).toEqual(['--conditions=production', '--no-deprecation', '--max-old-space-size=256'])
  })
})
