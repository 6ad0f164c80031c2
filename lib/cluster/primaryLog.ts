import os from 'node:os'

import type { LogLevel } from '../env'

type Level = 'info' | 'warn' | 'error'

/** pino's numbers for the levels, so these lines sort and filter like the workers' (Payload logs through pino). */
const PINO_LEVELS: Record<LogLevel, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity }

/** `written`, if given, runs once the line has left the process (a pipe may hold it back while full). */
export type PrimaryLog = (level: Level, msg: string, written?: () => void) => void

/**
 * The primary's log: one JSON line on stdout in the shape of pino's, named `cluster`, from `threshold` up (LOG_LEVEL,
 * as the workers' Payload logger). The primary has no Payload logger of its own.
 */
export const createPrimaryLog =
  (threshold: LogLevel): PrimaryLog =>
  (level, msg, written) => {
    if (PINO_LEVELS[level] < PINO_LEVELS[threshold]) {
      written?.()
      return
    }
    const line = { level: PINO_LEVELS[level], time: Date.now(), pid: process.pid, hostname: os.hostname(), name: 'cluster', msg }
    process.stdout.write(`${JSON.stringify(line)}\n`, () => written?.())
  }
