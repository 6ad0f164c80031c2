import type { AfterErrorHook } from 'payload'

import { requestMistakeOf } from '../lib/requestMistakes'

/**
 * Payload's REST answers some malformed requests with a 500, from deep in the database layer: an id that is not a
 * number (`/cms-api/articles/abc`), `where[id][in]=a,b`, an operator SQLite lacks (`near`), `where=x`, a multipart body cut
 * short. Those become a 400 with Payload's error shape (and lib/serviceLogMethod.ts logs them as the standalone
 * service's refusals).
 */
export const answerRequestMistakes: AfterErrorHook = ({ error }) => {
  const mistake = requestMistakeOf(error)
  if (mistake) return { status: mistake.status, response: { errors: [{ message: mistake.message }] } }
}
