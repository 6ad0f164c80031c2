import cluster from 'node:cluster'

import { isClusterMessage, LISTENER_CLOSED, START_DRAINING } from './messages'

/** A worker drains without the primary's word after this long (a peer stuck in a long synchronous task). */
const MAX_WAIT_MS = 3000

/**
 * Called by a stopping server once it no longer listens. In a cluster worker: tells the primary, and resolves when
 * the primary answers that every worker has stopped listening (so the shared port refuses new connections), or
 * after `maxWaitMs`. Outside a cluster it resolves at once.
 */
export const waitForPeersToStopListening = (maxWaitMs = MAX_WAIT_MS): Promise<void> => {
  if (!cluster.isWorker || !process.send || !process.connected) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      process.off('message', onMessage)
      resolve()
    }
    const onMessage = (message: unknown) => {
      if (isClusterMessage(message, START_DRAINING)) done()
    }
    const timer = setTimeout(done, maxWaitMs)
    process.on('message', onMessage)
    process.send!({ type: LISTENER_CLOSED }, undefined, {}, (error) => {
      if (error) done()
    })
  })
}
