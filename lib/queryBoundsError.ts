import { APIError } from 'payload'

/**
 * A query over `/cms-api` or GraphQL that asks for more than a caller may (a page too large, a path into
 * someone's account): a 400 with the reason. Named so that Payload's `loggingLevels` logs it as the refusal it is.
 */
export class QueryBoundsError extends APIError {
  static readonly errorName: string = 'QueryBounds'

  constructor(message: string) {
    super(message, 400, null, true)
    this.name = QueryBoundsError.errorName
  }
}
