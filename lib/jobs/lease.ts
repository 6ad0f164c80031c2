import type { Payload, Where } from 'payload'

import { JOB_LEASES_SLUG } from '../../collections/JobLeases'
import { drizzleTable } from '../db/drizzleTable'
import { insertUnlessPresent } from '../db/uniqueRows'

/**
 * Takes or renews the lease `name` for `holder` until `ttlMs` from now, if it is free, expired or already held by
 * `holder`; true when `holder` holds it. One conditional update decides (SQL: `UPDATE … WHERE … RETURNING`;
 * MongoDB: findOneAndUpdate), so of two processes racing for a free lease exactly one gets it.
 */
export const holdLease = async (payload: Payload, name: string, holder: string, ttlMs: number): Promise<boolean> => {
  const now = new Date()
  const expiresAt = new Date(now.getTime() + ttlMs).toISOString()
  const sqlTable = drizzleTable(payload, JOB_LEASES_SLUG, ['id', 'name', 'holder', 'expiresAt'])
  if (sqlTable) {
    const { drizzle, sql, table } = sqlTable
    const taken = await drizzle
      .update(table)
      .set({ holder, expiresAt })
      .where(sql`${table.name} = ${name} and (${table.holder} = ${holder} or ${table.expiresAt} < ${now.toISOString()})`)
      .returning({ id: table.id })
    if (taken.length > 0) return true
  } else {
    const where: Where = {
      and: [{ name: { equals: name } }, { or: [{ holder: { equals: holder } }, { expiresAt: { less_than: now.toISOString() } }] }],
    }
    if (await payload.db.updateOne({ collection: JOB_LEASES_SLUG, where, data: { holder, expiresAt }, returning: true })) return true
  }
  // No lease row yet: the first process to insert it holds it.
  return (await insertUnlessPresent(payload, JOB_LEASES_SLUG, { name, holder, expiresAt })) !== undefined
}

/** Gives the lease up at once (a clean stop), so another process need not wait for it to expire. */
export const releaseLease = async (payload: Payload, name: string, holder: string): Promise<void> => {
  const expired = new Date(0).toISOString()
  const sqlTable = drizzleTable(payload, JOB_LEASES_SLUG, ['id', 'name', 'holder', 'expiresAt'])
  if (sqlTable) {
    const { drizzle, sql, table } = sqlTable
    await drizzle.update(table).set({ expiresAt: expired }).where(sql`${table.name} = ${name} and ${table.holder} = ${holder}`).returning({ id: table.id })
    return
  }
  await payload.db.updateOne({ collection: JOB_LEASES_SLUG, where: { and: [{ name: { equals: name } }, { holder: { equals: holder } }] }, data: { expiresAt: expired } })
}
