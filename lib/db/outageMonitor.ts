type Logger = {
  error: (object: object, message: string) => void
  info: (message: string) => void
}

export type OutageMonitor = {
  /** Tells the monitor a database call failed because the database was unreachable. */
  reportUnavailable: (error: unknown) => void
  isDown: () => boolean
  stop: () => void
}

type MonitorOptions = {
  logger: Logger
  /** Resolves when the database answers a trivial query. */
  ping: () => Promise<unknown>
  probeIntervalMs?: number
  /** How long after a failed confirming ping the second one is sent. */
  confirmRetryMs?: number
  now?: () => number
}

const errorMessage = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'message' in error ? String(error.message) : String(error)

/**
 * Logs an outage once when it starts and once when it ends, however many requests fail in between. A reported
 * failure is confirmed with a ping first (two, if the first fails): one lost connection (a terminated backend) is not an outage. While the
 * database is down it is pinged every `probeIntervalMs` until it answers; nothing is probed while it is up.
 */
export const createOutageMonitor = ({ logger, ping, probeIntervalMs = 1000, confirmRetryMs = 200, now = Date.now }: MonitorOptions): OutageMonitor => {
  let downSince: number | undefined
  let confirming = false
  let timer: NodeJS.Timeout | undefined
  let stopped = false

  /**
   * Whether the database fails a ping twice, `confirmRetryMs` apart: the first ping's own connection can be one that
   * is being terminated (a failover, an operator clearing connections), which says nothing about the database.
   */
  const confirmDown = async (): Promise<boolean> => {
    for (let attempt = 0; attempt < 2; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, confirmRetryMs))
      try {
        await ping()
        return false
      } catch {
        // tried again once, then it is an outage
      }
    }
    return true
  }

  const probe = () => {
    timer = setTimeout(() => {
      ping().then(
        () => {
          if (downSince === undefined) return
          logger.info(`Database reachable again after ${((now() - downSince) / 1000).toFixed(1)} s`)
          downSince = undefined
          timer = undefined
        },
        () => {
          if (downSince !== undefined && !stopped) probe()
        },
      )
    }, probeIntervalMs)
    timer.unref()
  }

  const declareDown = (error: unknown) => {
    downSince = now()
    logger.error({ reason: errorMessage(error) }, 'Database unreachable: answering 503 until it is back')
    probe()
  }

  return {
    reportUnavailable: (error) => {
      if (downSince !== undefined || confirming || stopped) return
      confirming = true
      void confirmDown()
        .then((down) => {
          if (down && !stopped) declareDown(error)
        })
        .finally(() => {
          confirming = false
        })
    },
    isDown: () => downSince !== undefined,
    stop: () => {
      stopped = true
      clearTimeout(timer)
      downSince = undefined
    },
  }
}
