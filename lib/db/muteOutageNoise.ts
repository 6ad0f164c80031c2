import { isDatabaseUnavailable } from './databaseUnavailable'

type LogMethod = (...args: unknown[]) => void

const carriesOutageError = (first: unknown): boolean =>
  typeof first === 'object' && first !== null && 'err' in first && isDatabaseUnavailable(first.err)

/**
 * A pino `logMethod` hook that drops records about an unreachable database. Payload logs every request that met
 * one (its REST error handler, its transaction start); the outage monitor logs the outage itself, once when it
 * begins and once when it ends.
 */
export function muteOutageNoise(this: unknown, args: unknown[], method: LogMethod): void {
  if (carriesOutageError(args[0])) return
  method.apply(this, args)
}
