import { APIError } from 'payload'

/**
 * A 409 for deleting a record that others still use. Payload passes its message to REST clients and to the admin
 * UI's toast, and `/api` answers it as `CONFLICT`. Named so that Payload's `loggingLevels` can tell it from real
 * failures.
 */
export class RecordInUseError extends APIError {
  static readonly errorName: string = 'RecordInUse'

  /** `This <what> is used by <uses>; <remedy>.` */
  constructor(what: string, uses: string[], remedy: string) {
    super(`This ${what} is used by ${listed(uses)}; ${remedy}.`, 409, null, true)
    this.name = RecordInUseError.errorName
  }
}

/** `a`, `a and b`, `a, b and c`. */
export const listed = (items: string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
