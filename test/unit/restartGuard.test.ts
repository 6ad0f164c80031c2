import { describe, expect, it } from 'vitest'

import { createRestartGuard } from '../../lib/cluster/restartGuard'

describe('createRestartGuard', () => {
  it('allows `deaths` restarts within the window and refuses the next one', () => {
    let now = 0
    const guard = createRestartGuard({ deaths: 3, windowMs: 10_000 }, () => now)
    expect([guard.allowsRestart(), guard.allowsRestart(), guard.allowsRestart()]).toEqual([true, true, true])
    now = 9_999
    expect(guard.allowsRestart()).toBe(false)
  })

  it('forgets deaths older than the window', () => {
    let now = 0
    const guard = createRestartGuard({ deaths: 2, windowMs: 10_000 }, () => now)
    guard.allowsRestart()
    guard.allowsRestart()
    now = 10_000
    expect(guard.allowsRestart()).toBe(true) // the two at 0 are out of the window
    expect(guard.allowsRestart()).toBe(true)
    expect(guard.allowsRestart()).toBe(false)
  })
})
