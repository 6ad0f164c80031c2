import { type AfterErrorHook, logError } from 'payload'

/** The `loggingLevels` name of the errors Payload's GraphQL handler logs (every one of them, with its stack). */
export const GRAPHQL_ERROR_NAME = 'GraphQLError'

/**
 * Payload's GraphQL handler logs each error of an answer under the name of GraphQL's wrapper, the same for a
 * refused read and a crash, so `loggingLevels` cannot tell them apart: an anonymous query of many forbidden aliases
 * wrote a stack per alias (~570 KB a request). The plugin turns that logging off (`GraphQLError: false`) and logs
 * here by the error the resolver threw, as REST does: a refusal (Forbidden, NotFound, ValidationError, ...) at
 * `info` in one line, a fault at `error` with its stack. An error GraphQL raised itself (a variable of the wrong
 * type) is the caller's mistake: one line at `info`.
 */
export const logGraphqlErrors: AfterErrorHook = ({ error, graphqlResult, req }) => {
  if (!graphqlResult) return
  const original: unknown = Reflect.get(error, 'originalError')
  if (original instanceof Error) logError({ err: original, payload: req.payload })
  else req.payload.logger.info({ msg: error.message })
}
