import type { AfterErrorHook } from 'payload'

import { requestMistakeOf } from '../lib/requestMistakes'

/**
 * Payload's REST answers some malformed requests with a 500, from deep in the database layer: an id that is not a
 * number (`/cms-api/articles/abc`), `where[id][in]=a,b`, an operator SQLite lacks (`near`), `where=x`, a multipart body cut
 * short. Those become a 400 with Payload's error shape (and lib/serviceLogMethod.ts logs them as the standalone
 * service's refusals). GraphQL's errors wrap the one thrown (`where: { category: { equals: "abc" } }` was an
 * internal error): theirs get the same message and status 400.
 */
export const answerRequestMistakes: AfterErrorHook = ({ error, graphqlResult }) => {
  const thrown: unknown = graphqlResult ? Reflect.get(error, 'originalError') : error
  const mistake = thrown instanceof Error ? requestMistakeOf(thrown) : undefined
  if (!mistake) return
  if (graphqlResult) {
    return { graphqlResult: { ...graphqlResult, message: mistake.message, extensions: { ...graphqlResult.extensions, statusCode: mistake.status } } }
  }
  return { status: mistake.status, response: { errors: [{ message: mistake.message }] } }
}
