import cluster from 'node:cluster'
import type { RequestListener } from 'node:http'

export const WORKER_PID_HEADER = 'X-Worker-Pid'

/**
 * In a cluster worker, every answer names the process that gave it, to match an answer with that worker's log
 * lines (they carry the same pid). A single process (WORKERS=1) adds nothing.
 */
export const namingWorker = (handler: RequestListener): RequestListener => {
  if (!cluster.isWorker) return handler
  const pid = String(process.pid)
  return (req, res) => {
    res.setHeader(WORKER_PID_HEADER, pid)
    handler(req, res)
  }
}
