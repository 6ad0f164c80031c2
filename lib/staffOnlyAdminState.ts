import type { Access, CollectionBeforeChangeHook, Payload, PayloadHandler, PayloadRequest, SanitizedCollectionConfig, Where } from 'payload'

import { payloadErrorBody, refusalFor } from './payloadErrorBody'
import { hasRole, isStaff } from './roles'

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

type Lock = { user?: { value?: unknown }; document?: { relationTo?: string }; globalSlug?: string | null }

/** Whether `req`'s user may update, outright, what a lock is on (an access that answers `true`). */
const mayEdit = async (req: PayloadRequest, { document, globalSlug }: Lock): Promise<boolean> => {
  const entity = globalSlug
    ? req.payload.config.globals.find(({ slug }) => slug === globalSlug)
    : req.payload.config.collections.find(({ slug }) => slug === document?.relationTo && !ADMIN_STATE.includes(slug))
  return entity?.access.update !== undefined && (await entity.access.update({ req })) === true
}

/**
 * A lock is written by the admin UI itself (the database adapter, no access), and changed through REST only to take
 * it over or clear it, one by id: staff may do that to their own locks and to those of what they may edit. Created
 * through REST, an editor put locks in anyone's name on admin-only records (a webhook, the admin's account) and the
 * admin got 423 on saving them.
 */
const changeLock: Access = async ({ id, req }) => {
  if (!isStaff(req.user)) return false
  if (hasRole(req.user, 'admin')) return true
  if (id === undefined) return false
  const lock = (await req.payload.db.findOne({ collection: 'payload-locked-documents', req, where: { id: { equals: id } } })) as Lock | null
  return lock !== null && (lock.user?.value === req.user!.id || (await mayEdit(req, lock)))
}

const LOCK_ACCESS: Partial<Record<(typeof OPERATIONS)[number], Access>> = { create: () => false, update: changeLock, delete: changeLock }

/** Taking a lock over makes it the caller's, whatever the request names; what it locks stays. */
const lockTakenOverByCaller: CollectionBeforeChangeHook = ({ data, originalDoc, operation, req }) => {
  if (operation !== 'update' || !req.user || req.payloadAPI === 'local') return data
  return { ...data, document: originalDoc?.document, globalSlug: originalDoc?.globalSlug, user: { relationTo: req.user.collection, value: req.user.id } }
}

const kept = new WeakSet<SanitizedCollectionConfig>()

/** Called from the plugin's `onInit`: Payload adds these collections after the plugins have run. */
export const keepAdminStateToStaff = (payload: Payload): void => {
  for (const slug of ADMIN_STATE) {
    const config = payload.collections[slug as keyof typeof payload.collections]?.config
    if (!config || kept.has(config)) continue
    kept.add(config)
    const locks = slug === 'payload-locked-documents'
    for (const operation of OPERATIONS) config.access[operation] = (locks && LOCK_ACCESS[operation]) || staffAnd(config.access[operation])
    if (locks) config.hooks.beforeChange = [...(config.hooks.beforeChange ?? []), lockTakenOverByCaller]
    if (Array.isArray(config.endpoints)) config.endpoints = config.endpoints.map((endpoint) => ({ ...endpoint, handler: withRefusals(slug, endpoint) }))
  }
}
