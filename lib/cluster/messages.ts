/** Worker → primary: this worker's server no longer listens (it was told to stop). */
export const LISTENER_CLOSED = 'blog-cluster:listener-closed'
/** Primary → worker: the port is closed (or this worker leaves alone): tell clients to go, and drain. */
export const START_DRAINING = 'blog-cluster:start-draining'

type ClusterMessage = typeof LISTENER_CLOSED | typeof START_DRAINING

export const isClusterMessage = (message: unknown, type: ClusterMessage): boolean =>
  typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type
