import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'

/** This process's PID namespace on Linux (`pid:[4026531836]`), empty elsewhere: a PID means something only inside it. */
const PID_NAMESPACE = (() => {
  try {
    return fs.readlinkSync('/proc/self/ns/pid')
  } catch {
    return ''
  }
})()

/** A lease holder's name for a runner in this process: host, PID namespace, PID, and a random part. */
export const newHolderName = (): string => [os.hostname(), PID_NAMESPACE, process.pid, randomUUID().slice(0, 8)].join(' ')

const processExists = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists, and belongs to someone else.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH'
  }
}

/**
 * Whether `holder` names a runner whose process is known to be gone: one on this host, in this PID namespace, whose PID
 * no process has any more (a `kill -9` or a crash, then a restart). Anything else (another host or container, an older
 * name, a platform without PID namespaces, a PID in use again) is not known to be gone, and its lease runs out instead.
 */
export const isGoneHolder = (holder: string): boolean => {
  const [host, namespace, pidText] = holder.split(' ')
  const pid = Number(pidText)
  if (!PID_NAMESPACE || host !== os.hostname() || namespace !== PID_NAMESPACE) return false
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false
  return !processExists(pid)
}
