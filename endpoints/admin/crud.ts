import { Hono } from 'hono'
import {
  type DataFromCollectionSlug,
  NotFound,
  type Payload,
  type RequiredDataFromCollectionSlug,
  ValidationError,
  type Where,
} from 'payload'
import type { DeepPartial } from 'ts-essentials'
import type { z } from 'zod'

import { notFound } from '../http/apiError'
import { sendData } from '../http/envelope'
import type { AdminContracts } from '../contracts/admin/crud'
import { pageCount } from '../http/pagination'
import { parsePathId } from '../http/params'
import { parseQueryParams } from '../http/query'
import type { ApiEnv, ApiUser } from '../http/requestTypes'
import { objectBody, withoutReadOnlyKeys } from '../http/schemas'
import { parseWith } from '../http/validation'
import { setHeader } from '../http/responseHeaders'

/** The collections `/api/admin` manages. */
export type AdminSlug = 'articles' | 'carousels' | 'categories' | 'projects' | 'resources'

export type AdminResource<Slug extends AdminSlug, CreateInput, UpdateInput = Partial<CreateInput>> = {
  slug: Slug
  /** For messages: "Category", "Article"... */
  label: string
  /** The routes' input and output schemas, and what lists search and filter. */
  contracts: AdminContracts<CreateInput, UpdateInput>
  /** Validated input as the collection's data (ids into relations); nulls mean "not given" on create. */
  createData: (input: CreateInput) => RequiredDataFromCollectionSlug<Slug>
  updateData: (input: UpdateInput) => DeepPartial<RequiredDataFromCollectionSlug<Slug>>
  /** Payload's field errors in the body's terms: `category` is `categoryId` there, with a message saying why. */
  inputFields?: Record<string, { path: string; message: string }>
  /** How records are read for responses (relations to populate). */
  read?: { depth: number; populate?: Record<string, Record<string, true>> }
  /** Turns records into their response shape, in one batch for a whole page. */
  present: (payload: Payload, docs: DataFromCollectionSlug<Slug>[]) => Promise<unknown[]>
  sort: string[]
}

type WithoutNulls<Data> = { [Key in keyof Data]: Exclude<Data[Key], null> }

/** Optional fields sent as null mean "not given" on create: they are left out so defaults apply. */
export const withoutNulls = <Data extends object>(data: Data): WithoutNulls<Data> =>
  Object.fromEntries(Object.entries(data).filter(([, value]) => value !== null)) as WithoutNulls<Data>

const readBody = <Input>(schema: z.ZodType<Input>, body: unknown): Input =>
  parseWith(schema, withoutReadOnlyKeys(parseWith(objectBody, body)))

/** Payload's refusals in the resource's terms: its label on a 404, the body's key names on field errors. */
const inResourceTerms = (resource: Pick<AdminResource<AdminSlug, unknown>, 'label' | 'inputFields'>) => (error: unknown) => {
  if (error instanceof NotFound) throw notFound(resource.label)
  if (error instanceof ValidationError) {
    for (const field of error.data.errors) Object.assign(field, resource.inputFields?.[field.path])
  }
  throw error
}

/**
 * List, create, update and delete for one collection, through the Local API as the caller: Payload's access rules,
 * validation and hooks run exactly as in the admin UI. Writes answer with the record they return.
 */
export const adminCrudRoutes = <Slug extends AdminSlug, CreateInput, UpdateInput>(
  payload: Payload,
  resource: AdminResource<Slug, CreateInput, UpdateInput>,
): Hono<ApiEnv> => {
  const asCaller = (user: ApiUser | null) => ({ overrideAccess: false, user }) as const
  const readOptions = { depth: resource.read?.depth ?? 0, populate: resource.read?.populate }
  const refused = inResourceTerms(resource)
  const presentOne = async (doc: DataFromCollectionSlug<Slug>) => (await resource.present(payload, [doc]))[0]

  return new Hono<ApiEnv>()
    .get('/', async (c) => {
      const { page, limit, keyword, ...filters } = parseQueryParams(resource.contracts.list.query, c.req.queries())
      const status = typeof filters.status === 'string' ? filters.status : undefined
      const where: Where = {
        and: [
          ...(keyword ? [{ [resource.contracts.spec.keywordField]: { like: keyword } }] : []),
          ...(status ? [{ status: { equals: status } }] : []),
        ],
      }
      const result = await payload.find({ collection: resource.slug, limit, page, sort: resource.sort, where, ...readOptions, ...asCaller(c.get('user')) })
      const data = await resource.present(payload, result.docs)
      setHeader(c, 'Cache-Control', 'no-store')
      return sendData(c, data, { pagination: { page, limit, total: result.totalDocs, pages: pageCount(result.totalDocs, limit) } })
    })
    .post('/', async (c) => {
      const data = resource.createData(readBody(resource.contracts.spec.createSchema, c.get('body')))
      const created = await payload.create({ collection: resource.slug, data, ...readOptions, ...asCaller(c.get('user')) }).catch(refused)
      return sendData(c, await presentOne(created), {}, 201)
    })
    .put('/:id', async (c) => {
      const id = parsePathId(c.req.param('id'), resource.label)
      const data = resource.updateData(readBody(resource.contracts.spec.updateSchema, c.get('body')))
      const updated = await payload.update({ collection: resource.slug, id, data, ...readOptions, ...asCaller(c.get('user')) }).catch(refused)
      return sendData(c, await presentOne(updated))
    })
    .delete('/:id', async (c) => {
      const id = parsePathId(c.req.param('id'), resource.label)
      await payload.delete({ collection: resource.slug, id, depth: 0, ...asCaller(c.get('user')) }).catch(refused)
      return sendData(c, { id })
    })
}
