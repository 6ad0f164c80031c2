import type { Payload } from 'payload'

import { serverActionRefusal } from '../../lib/adminServerActions'
import { payloadErrorBody } from '../../lib/payloadErrorBody'
import { errorBody } from './envelope'
import { isMalformedPath, MALFORMED_PATH_MESSAGE } from './malformedPaths'

/**
 * A path that is not valid percent-encoding (`/api/%`, `/cms-api/%`, `/admin/%`): a 400 in the door's own error shape,
 * the envelope under `/api`. Undefined for a path that decodes.
 */
export const malformedPathResponse = (url: string): Response | undefined => {
  if (!isMalformedPath(url)) return undefined
  const underApi = /^\/api(\/|$)/.test(new URL(url).pathname)
  return Response.json(underApi ? errorBody('VALIDATION_ERROR', MALFORMED_PATH_MESSAGE) : payloadErrorBody(MALFORMED_PATH_MESSAGE), { status: 400 })
}

/**
 * What a host app's `proxy.ts` (Next 16) answers before Next, as the standalone service's server does: a malformed
 * path (where Next answered a plain-text 500), then a stranger's call of the admin UI's server functions
 * (lib/adminServerActions.ts). Undefined: the request goes on to Next. `payload` is awaited only for a server action.
 */
export const refusalBeforeNext = async (payload: Payload | Promise<Payload>, request: Request): Promise<Response | undefined> =>
  malformedPathResponse(request.url) ?? serverActionRefusal(payload, request)
