import type { Payload } from 'payload'

import { serverActionRefusal } from '../../lib/adminServerActions'
import { payloadErrorBody } from '../../lib/payloadErrorBody'
import { errorBody } from './envelope'
import { isMalformedPath, MALFORMED_PATH_MESSAGE } from './malformedPaths'

/**
 * What a host app's `proxy.ts` (Next 16) answers before Next, as the standalone service's server does:
 * - a path that is not valid percent-encoding (`/api/%`, `/cms-api/%`, `/admin/%`): a 400 in the door's own error
 *   shape, where Next answered a plain-text 500;
 * - a stranger's call of the admin UI's server functions (lib/adminServerActions.ts).
 * Undefined: the request goes on to Next. `payload` is awaited only for a server action.
 */
export const refusalBeforeNext = async (payload: Payload | Promise<Payload>, request: Request): Promise<Response | undefined> => {
  if (isMalformedPath(request.url)) {
    const underApi = /^\/api(\/|$)/.test(new URL(request.url).pathname)
    return Response.json(underApi ? errorBody('VALIDATION_ERROR', MALFORMED_PATH_MESSAGE) : payloadErrorBody(MALFORMED_PATH_MESSAGE), { status: 400 })
  }
  return serverActionRefusal(payload, request.headers)
}
