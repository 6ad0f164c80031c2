import type { Payload, Where } from 'payload'

import { JOB_LEASES_SLUG } from '../../collections/JobLeases'
import { insertUnlessPresent } from '../db/uniqueRows'

/**
 * Sets `data` on the lease row that `where` finds, in one conditional update (`atomic`: on SQL one
 * `UPDATE … WHERE … RETURNING`, as Payload's own forgot-password reservation uses it; on MongoDB findOneAndUpdate).
 * True when a row matched.
 */
const updateLease = async (payload: Payload, where: Where, data: { holder?: string; expiresAt: string }): Promise<boolean> =>
  Boolean(await payload.db.updateOne({ collection: JOB_LEASES_SLUG, where, data, options: { atomic: true }, returning: true }))

/**
 * Takes or renews the lease `name` for `holder` until `ttlMs` from now, if it is free, expired or already held by
 * `holder`; true when `holder` holds it. One conditional update decides, so of two processes racing for a free
 * lease exactly one gets it.
 */
export const holdLease = async (payload: Payload, name: string, holder: string, ttlMs: number): Promise<boolean> => {
  const now = new Date()
  const expiresAt = new Date(now.getTime() + ttlMs).toISOString()
  const takeable: Where = {
    and: [{ name: { equals: name } }, { or: [{ holder: { equals: holder } }, { expiresAt: { less_than: now.toISOString() } }] }],
  }
  if (await updateLease(payload, takeable, { holder, expiresAt })) return true
  // No lease row yet: the first process to insert it holds it.
  return (await insertUnlessPresent(payload, JOB_LEASES_SLUG, { name, holder, expiresAt })) !== undefined
}

/** Gives the lease up at once (a clean stop), so another process need not wait for it to expire. */
export const releaseLease = async (payload: Payload, name: string, holder: string): Promise<void> => {
  await updateLease(payload, { and: [{ name: { equals: name } }, { holder: { equals: holder } }] }, { expiresAt: new Date(0).toISOString() })
}

/** Who holds the lease `name` now (expired or not), or undefined when nobody has taken it yet. */
export const leaseHolder = async (payload: Payload, name: string): Promise<string | undefined> => {
  const { docs } = await payload.find({
    collection: JOB_LEASES_SLUG,
    where: { name: { equals: name } },
    limit: 1,
    pagination: false,
    depth: 0,
    overrideAccess: true,
    select: { holder: true },
  })
  return docs[0]?.holder ?? undefined
}

/** Takes the lease `name` over from `gone` for `holder` until `ttlMs` from now, unless another holder took it first. */
export const takeOverLease = (payload: Payload, name: string, gone: string, holder: string, ttlMs: number): Promise<boolean> =>
  updateLease(payload, { and: [{ name: { equals: name } }, { holder: { equals: gone } }] }, { holder, expiresAt: new Date(Date.now() + ttlMs).toISOString() })
