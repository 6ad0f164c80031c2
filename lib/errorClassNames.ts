import { AuthenticationError, Forbidden, Locked, MissingFile, NotFound, QueryError, ValidationError } from 'payload'

import { RateLimitedError } from './payloadRouteLimits'

/** The error classes `loggingLevels` names (Payload's defaults and the plugin's), by the names it gives them. */
const NAMED_CLASSES = { AuthenticationError, Forbidden, Locked, MissingFile, NotFound, QueryError, RateLimitedError, ValidationError }

/**
 * Payload logs an error at the level `loggingLevels` gives its `name`, which its APIError takes from the class's
 * name. A host's minified server build (Next's production build) renames the classes to `o`, `a`, ...: every 404
 * and 403 of `/cms-api` was logged as an error with its stack, and a level meant for one class could fall on
 * another of the same short name. These classes get their names back.
 */
export const keepErrorClassNames = (): void => {
  for (const [name, errorClass] of Object.entries(NAMED_CLASSES)) {
    if (errorClass.name !== name) Object.defineProperty(errorClass, 'name', { value: name })
  }
}
