import { parse } from 'graphql'

import { GRAPHQL_BOUNDS } from './queryBounds'

/**
 * Why a GraphQL request's document is refused before Payload parses and validates it, if it is: more tokens than any
 * query within the other bounds needs. GraphQL's validation walks the whole document whatever it is asked: 5,800
 * unused variables took 72-186 ms of the event loop and answered 5,800 errors, 1,600 operations 42-119 ms.
 * Undefined for any other body, a document that does not parse included: Payload answers those itself.
 */
export const graphqlDocumentRefusal = (body: string): string | undefined => {
  let query: unknown
  try {
    query = (JSON.parse(body) as { query?: unknown } | null)?.query
  } catch {
    return undefined
  }
  if (typeof query !== 'string') return undefined
  try {
    parse(query, { maxTokens: GRAPHQL_BOUNDS.tokens, noLocation: true })
    return undefined
  } catch (error) {
    return error instanceof Error && error.message.includes('tokens') ? `A GraphQL document may hold at most ${GRAPHQL_BOUNDS.tokens} tokens.` : undefined
  }
}
