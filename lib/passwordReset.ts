import {
  addDataAndFileToRequest,
  APIError,
  type Collection,
  type CollectionSlug,
  type Endpoint,
  forgotPasswordOperation,
  headersWithCors,
  isolateObjectProperty,
  NotFound,
  type PayloadRequest,
} from 'payload'

import { limitForgotPassword } from './forgotPasswordLimit'

/**
 * Payload's forgot-password, answered before its work is done. Payload answers an unknown email at once, but a real
 * one only after saving a reset token and sending the email (3-4 times as long), which tells a stranger which emails
 * have accounts. Here both get the same answer as soon as the request is counted against its client IP, and
 * Payload's operation runs after it, in a transaction of its own. Its failures are logged, never answered: an
 * answer that could fail for real accounts only would tell them apart again.
 */
export const startPasswordReset = async (req: PayloadRequest, collection: Collection, email: unknown): Promise<void> => {
  if (typeof email !== 'string' || email.trim() === '') throw new APIError('Missing email.', 400)
  await limitForgotPassword(req)
  const detached = isolateObjectProperty(req, 'transactionID')
  detached.transactionID = undefined
  setImmediate(() => {
    // Payload's generated type asks for a password, which the operation never reads.
    forgotPasswordOperation({ collection, data: { email, password: '' }, req: detached }).catch((error: unknown) =>
      req.payload.logger.error({ err: error }, 'forgot-password: the reset email could not be prepared or sent'),
    )
  })
}

/** `POST /<slug>/forgot-password`, in place of Payload's own: the same answer, given before the work. */
export const forgotPasswordEndpoint = (slug: CollectionSlug): Endpoint => ({
  method: 'post',
  path: '/forgot-password',
  handler: async (req) => {
    await addDataAndFileToRequest(req)
    await startPasswordReset(req, req.payload.collections[slug], req.data?.email)
    return Response.json({ message: req.t('general:success') }, { headers: headersWithCors({ headers: new Headers(), req }), status: 200 })
  },
})

/**
 * Payload serves `POST /<auth collection>/verify/:token` even for a collection that verifies no emails, and its
 * lookup of a token field the collection does not have ends in a 500. Such a collection answers it 404 instead.
 */
export const noEmailVerificationEndpoint: Endpoint = {
  method: 'post',
  path: '/verify/:token',
  handler: (req) => {
    throw new NotFound(req.t)
  },
}
