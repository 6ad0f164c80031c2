import { Router } from 'express'
import type { CollectionSlug, Payload, Where } from 'payload'
import { z } from 'zod'

import { notFound } from '../http/apiError'
import { sendData } from '../http/envelope'
import { pageCount, parsePagination } from '../http/pagination'
import { parsePathId, queryParam } from '../http/params'
import type { ApiUser } from '../http/requestTypes'
import { objectBody, withoutReadOnlyKeys } from '../http/schemas'
import { parseWith } from '../http/validation'
import type { Doc } from '../serializers/common'

export type WriteMode = 'create' | 'update'

export type AdminResource<Input extends Record<string, unknown>> = {
  slug: CollectionSlug
  /** For messages: "Category", "Article"... */
  label: string
  createSchema: z.ZodType<Input>
  updateSchema: z.ZodType<Partial<Input>>
  /** Turns validated input into the collection's data (ids into relations, nulls into "unset" on create). */
  toData: (input: Partial<Input>, context: { payload: Payload; mode: WriteMode }) => Promise<Record<string, unknown>>
  /** How records are read for responses (relations to populate). */
  read?: { depth: number; populate?: Record<string, Record<string, true>> }
  /** Turns read records into their response shape, in one batch for a whole page. */
  present: (payload: Payload, docs: Doc[]) => Promise<unknown[]>
  /** Field searched by `keyword` (case-insensitive substring). */
  keywordField: 'name' | 'title'
  statuses?: readonly [string, ...string[]]
  defaultLimit: number
  sort: string[]
}

/** Optional fields sent as null mean "not given" on create: they are left out so defaults apply. */
export const dropNullsOnCreate = (data: Record<string, unknown>, mode: WriteMode) =>
  mode === 'create' ? Object.fromEntries(Object.entries(data).filter(([, value]) => value !== null)) : data

const readBody = <Input>(schema: z.ZodType<Input>, body: unknown): Input =>
  parseWith(schema, withoutReadOnlyKeys(parseWith(objectBody, body)))

/**
 * List, create, update and delete for one collection, through the Local API as the caller: Payload's access rules
 * and hooks run exactly as in the admin UI.
 */
export const adminCrudRoutes = <Input extends Record<string, unknown>>(payload: Payload, resource: AdminResource<Input>): Router => {
  const router = Router()
  const asCaller = (user: ApiUser | null | undefined) => ({ overrideAccess: false, user }) as const
  const readOptions = { depth: resource.read?.depth ?? 0, populate: resource.read?.populate }

  /** The stored record as the response shows it, read back after a write. */
  const presentOne = async (id: number) => {
    const doc = await payload.findByID({ collection: resource.slug, id, overrideAccess: true, ...readOptions })
    const [shown] = await resource.present(payload, [doc as unknown as Doc])
    return shown
  }

  router.get('/', async (req, res) => {
    const { page, limit } = parsePagination(req.query, { defaultLimit: resource.defaultLimit, maxLimit: 100 })
    const keyword = queryParam(req.query, 'keyword', z.string().trim().max(200, 'must be at most 200 characters'))
    const status = resource.statuses ? queryParam(req.query, 'status', z.enum(resource.statuses, { error: () => `must be one of ${resource.statuses!.join(', ')}` })) : undefined
    const where: Where = {
      and: [
        ...(keyword ? [{ [resource.keywordField]: { like: keyword } }] : []),
        ...(status ? [{ status: { equals: status } }] : []),
      ],
    }
    const result = await payload.find({ collection: resource.slug, limit, page, sort: resource.sort, where, ...readOptions, ...asCaller(req.user) })
    const data = await resource.present(payload, result.docs as Doc[])
    res.setHeader('Cache-Control', 'no-store')
    sendData(res, data, { pagination: { page, limit, total: result.totalDocs, pages: pageCount(result.totalDocs, limit) } })
  })

  router.post('/', async (req, res) => {
    const input = readBody(resource.createSchema, req.body)
    const data = await resource.toData(input, { payload, mode: 'create' })
    const created = await payload.create({ collection: resource.slug, data: data as never, depth: 0, ...asCaller(req.user) })
    sendData(res, await presentOne(Number(created.id)), {}, 201)
  })

  router.put('/:id', async (req, res) => {
    const id = parsePathId(req.params.id, resource.label)
    const input = readBody(resource.updateSchema, req.body)
    await requireExisting(payload, resource, id, req.user)
    const data = await resource.toData(input, { payload, mode: 'update' })
    await payload.update({ collection: resource.slug, id, data: data as never, depth: 0, ...asCaller(req.user) })
    sendData(res, await presentOne(id))
  })

  router.delete('/:id', async (req, res) => {
    const id = parsePathId(req.params.id, resource.label)
    await requireExisting(payload, resource, id, req.user)
    await payload.delete({ collection: resource.slug, id, ...asCaller(req.user) })
    sendData(res, { id })
  })

  return router
}

const requireExisting = async (
  payload: Payload,
  resource: { slug: CollectionSlug; label: string },
  id: number,
  user: ApiUser | null | undefined,
) => {
  const existing = await payload.findByID({
    collection: resource.slug,
    id,
    depth: 0,
    disableErrors: true,
    overrideAccess: false,
    select: {},
    user,
  })
  if (!existing) throw notFound(resource.label)
}

