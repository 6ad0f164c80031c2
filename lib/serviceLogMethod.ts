import { isDatabaseUnavailable } from './db/databaseUnavailable'
import { requestMistakeOf } from './requestMistakes'

type LogMethod = (...args: unknown[]) => void
type Logger = { info: LogMethod }

/** pino's number for `error`. */
const ERROR_LEVEL = 50

/** The error of a record: `{ err }`, or the error itself (pino writes it as `err`). */
const errorIn = (first: unknown): unknown =>
  first instanceof Error ? first : typeof first === 'object' && first !== null && 'err' in first ? first.err : undefined

/**
 * An error Payload raised itself with a 4xx status: its APIError carries the status, and its name stays `APIError`
 * whatever it says, so `loggingLevels` (by name) cannot tell a logout without a session (400) or a spent reset token
 * (403) from a fault.
 */
const isClientRefusal = (error: Error): boolean => {
  const status: unknown = Reflect.get(error, 'status')
  return typeof status === 'number' && status >= 400 && status < 500
}

/**
 * sharp refusing an uploaded file it cannot decode (`vipspng: libpng read error`): Payload logs it with its stack,
 * then answers the upload 400 "There was a problem while uploading the file".
 */
const isUnreadableImage = (error: Error): boolean => /\n\s+at Sharp\.\w+ /.test(error.stack ?? '')

/**
 * The messages Payload's upload checks (checkFileRestrictions.ts) log as a bare string at `error` just before they
 * refuse the file with a 400 ValidationError: a type the collection does not take (HTML named `.png`, an SVG), a
 * restricted one, an unsafe SVG, a damaged PDF. Several are joined with `, `, so the first is at the start.
 */
const UPLOAD_REFUSAL = /^(Invalid MIME type: [\w.+-]+\/[\w.+-]+\.|File type \S+ \(from extension [^)]*\) is not allowed\.|File type '[^']*' not allowed .*: Restricted file type detected|SVG file contains potentially harmful content\.|Invalid (or corrupted )?PDF file\.)/

/** A record of nothing but one of those messages. */
const isUploadRefusal = (args: unknown[]): args is [string] => args.length === 1 && typeof args[0] === 'string' && UPLOAD_REFUSAL.test(args[0])

/**
 * The standalone service's pino `logMethod` hook (composeConfig.ts), for three kinds of error records Payload writes:
 * - about an unreachable database: dropped. Payload logs every request that met one (its REST error handler, its
 *   transaction start); the outage monitor logs the outage itself, once when it begins and once when it ends.
 * - about a client's mistake that hooks/answerRequestMistakes.ts answers with a 400 (`/cms-api/articles/abc`, an
 *   operator the database lacks), that Payload refused with a 4xx of its own, or a damaged image an editor uploaded:
 *   Payload logs it with its stack before it answers. It is written as Payload writes its expected refusals, one
 *   line at `info`, so that a stranger's requests cannot fill the error log.
 * - about a file type the media collection does not take (HTML named `.png`, an SVG): dropped. Payload logs the
 *   bare message (`Invalid MIME type: application/xml.`) at `error`, then refuses with a ValidationError that it
 *   logs at `info` (`The following field is invalid: file`), its 400 naming the type: one line at `info`.
 */
export function serviceLogMethod(this: Logger, args: unknown[], method: LogMethod, level: number): void {
  const error = errorIn(args[0])
  if (isDatabaseUnavailable(error)) return
  // Payload writes `{ err }` or the error alone; a record with a message of its own comes from other code.
  if (level >= ERROR_LEVEL && args.length === 1 && error instanceof Error && (isClientRefusal(error) || requestMistakeOf(error) || isUnreadableImage(error))) {
    this.info({ msg: error.message })
    return
  }
  // The ValidationError that follows carries the message to the client, and Payload logs it at info.
  if (level >= ERROR_LEVEL && isUploadRefusal(args)) return
  method.apply(this, args)
}
