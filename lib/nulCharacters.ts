import { firstPathWhere } from './valuePaths'

/** Postgres refuses U+0000 in text (SQLite and MongoDB keep it): everywhere it is refused before it reaches a query. */
export const NUL_MESSAGE = 'must not contain the NUL character (U+0000)'

/** The dotted path of the first string holding U+0000 in a value (`''` for the value itself), or `undefined`. */
export const nulCharacterPath = (value: unknown): string | undefined =>
  firstPathWhere(value, (found) => typeof found === 'string' && found.includes('\u0000'))?.join('.')
