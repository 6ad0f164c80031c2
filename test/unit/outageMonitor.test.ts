import { describe, expect, it } from 'vitest'

import { createOutageMonitor } from '../../lib/db/outageMonitor'

const recordingLogger = () => {
  const lines: string[] = []
  return {
    lines,
    logger: {
      error: (object: object, message: string) => lines.push(`error: ${message} (${JSON.stringify(object)})`),
      info: (message: string) => lines.push(`info: ${message}`),
    },
  }
}

const waitFor = async (condition: () => boolean) => {
  const deadline = Date.now() + 5000
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met within 5 s')
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

describe('createOutageMonitor', () => {
  it('logs an outage once however many failures report it, probes until the database answers, then logs the end', async () => {
    const { lines, logger } = recordingLogger()
    let reachable = false
    let pings = 0
    const monitor = createOutageMonitor({
      logger,
      ping: async () => {
        pings += 1
        if (!reachable) throw new Error('ECONNREFUSED')
      },
      probeIntervalMs: 10,
      confirmRetryMs: 5,
    })

    const first = new Error('connect ECONNREFUSED 127.0.0.1:5432')
    monitor.reportUnavailable(first)
    for (let i = 0; i < 99; i++) monitor.reportUnavailable(new Error('connect ECONNREFUSED'))
    await waitFor(() => monitor.isDown()) // confirmed by a ping that failed
    await waitFor(() => pings >= 3)
    // The outage is logged with the failure that reported it first.
    expect(lines).toEqual(['error: Database unreachable: answering 503 until it is back ({"reason":"connect ECONNREFUSED 127.0.0.1:5432"})'])

    reachable = true
    await waitFor(() => !monitor.isDown())
    expect(lines).toHaveLength(2)
    expect(lines[1]).toMatch(/^info: Database reachable again after \d+\.\d s$/)

    const pingsWhenUp = pings
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(pings).toBe(pingsWhenUp) // nothing is probed while the database is up

    reachable = false
    monitor.reportUnavailable(new Error('again'))
    await waitFor(() => lines.length === 3) // a second outage is a new state change
    monitor.stop()
  })

  it('does not call one failed query an outage when the database answers the ping', async () => {
    const { lines, logger } = recordingLogger()
    let pings = 0
    const monitor = createOutageMonitor({
      logger,
      ping: async () => {
        pings += 1
      },
      probeIntervalMs: 10,
    })
    monitor.reportUnavailable(new Error('terminating connection due to administrator command'))
    await waitFor(() => pings === 1)
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(monitor.isDown()).toBe(false)
    expect(lines).toEqual([])
    monitor.stop()
  })

  it('does not call an outage when the first confirming ping fails and the second answers (its connection was cut)', async () => {
    const { lines, logger } = recordingLogger()
    let pings = 0
    const monitor = createOutageMonitor({
      logger,
      ping: async () => {
        pings += 1
        if (pings === 1) throw new Error('terminating connection due to administrator command')
      },
      probeIntervalMs: 10,
      confirmRetryMs: 5,
    })
    monitor.reportUnavailable(new Error('terminating connection due to administrator command'))
    await waitFor(() => pings === 2)
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(monitor.isDown()).toBe(false)
    expect(lines).toEqual([])
    monitor.stop()
  })
})
