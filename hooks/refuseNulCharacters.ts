import { type CollectionBeforeOperationHook, type CollectionBeforeValidateHook, type GlobalBeforeValidateHook, ValidationError } from 'payload'

import { NUL_MESSAGE, nulCharacterPath } from '../lib/nulCharacters'

/**
 * A save whose data holds U+0000 anywhere is a 400 naming the field, on every door (admin UI, /cms-api, /api, the
 * Local API), instead of a database error (500) on Postgres and a stored NUL elsewhere.
 */
export const refuseNulCharacters: CollectionBeforeValidateHook & GlobalBeforeValidateHook = ({ data }) => {
  const path = nulCharacterPath(data)
  if (path !== undefined) throw new ValidationError({ errors: [{ path: path || '(body)', message: NUL_MESSAGE }] })
  return data
}

/** The same for what an operation is given before any query runs: a login's or a password reset's email, say. */
export const refuseNulCharactersInOperation: CollectionBeforeOperationHook = ({ args }) => {
  const data: unknown = 'data' in args ? args.data : undefined
  const path = nulCharacterPath(data)
  if (path !== undefined) throw new ValidationError({ errors: [{ path: path || '(body)', message: NUL_MESSAGE }] })
  return args
}
