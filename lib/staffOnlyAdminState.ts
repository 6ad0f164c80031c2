import type { Access, Payload, PayloadHandler, SanitizedCollectionConfig, Where } from 'payload'

import { payloadErrorBody, refusalFor } from './payloadErrorBody'
import { isStaff } from './roles'

/**
 * Payload's own collections behind the admin UI: the locks on documents being edited, and each user's preferences.
 * Payload lets any signed-in account write them, so a site member (role `user`, who never opens the admin UI) could
 * lock any article or the site global in anyone's name, and editors then got 423 on every save; or store
 * preferences without end (200 keys of 60 KB took 2 s). They are staff's, on every door.
 */
const ADMIN_STATE = ['payload-locked-documents', 'payload-preferences']
const OPERATIONS = ['create', 'read', 'update', 'delete'] as const

const staffAnd =
  (own: Access | undefined): Access =>
  (args) =>
    isStaff(args.req.user) && (own ? own(args) : true)

/** Payload's preferences answer on routes of their own (`/:key`), which check only that someone is signed in. */
const staffOnlyHandler =
  (handler: PayloadHandler): PayloadHandler =>
  (req) =>
    isStaff(req.user) ? handler(req) : refusalFor(req.user)

/** Payload's delete of a preference the user does not have fails in the adapter (a 500, "no such column"): a 404 here. */
const unknownPreferenceNotFound =
  (handler: PayloadHandler): PayloadHandler =>
  async (req) => {
    const where: Where = {
      and: [{ key: { equals: req.routeParams?.key } }, { 'user.value': { equals: req.user?.id } }, { 'user.relationTo': { equals: req.user?.collection } }],
    }
    const { totalDocs } = await req.payload.count({ collection: 'payload-preferences', overrideAccess: true, req, where })
    return totalDocs === 0 ? Response.json(payloadErrorBody('Not Found'), { status: 404 }) : handler(req)
  }

const withRefusals = (slug: string, endpoint: { method: string; handler: PayloadHandler }): PayloadHandler =>
  staffOnlyHandler(slug === 'payload-preferences' && endpoint.method === 'delete' ? unknownPreferenceNotFound(endpoint.handler) : endpoint.handler)

const kept = new WeakSet<SanitizedCollectionConfig>()

/** Called from the plugin's `onInit`: Payload adds these collections after the plugins have run. */
export const keepAdminStateToStaff = (payload: Payload): void => {
  for (const slug of ADMIN_STATE) {
    const config = payload.collections[slug as keyof typeof payload.collections]?.config
    if (!config || kept.has(config)) continue
    kept.add(config)
    for (const operation of OPERATIONS) config.access[operation] = staffAnd(config.access[operation])
    if (Array.isArray(config.endpoints)) config.endpoints = config.endpoints.map((endpoint) => ({ ...endpoint, handler: withRefusals(slug, endpoint) }))
  }
}
