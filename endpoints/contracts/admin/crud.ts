import { z } from 'zod'

import { paginationQuery } from '../../http/pagination'
import { dataEnvelope, paginationMeta, recordId } from '../envelope'
import { type ApiRoute, defineRoute, errors } from '../route'

export type AdminContractSpec<CreateInput, UpdateInput> = {
  /** The path below `/api/admin`: `articles`. */
  path: string
  /** Singular, for summaries and operation ids: `Article`. */
  label: string
  record: z.ZodType
  createSchema: z.ZodType<CreateInput>
  updateSchema: z.ZodType<UpdateInput>
  /** Field searched by `keyword` (case-insensitive substring). */
  keywordField: 'name' | 'title'
  statuses?: readonly [string, ...string[]]
  defaultLimit: number
}

const recordIdParam = z.object({ id: z.string().meta({ description: 'The record id' }) })

/** The query of an admin list: pagination, a keyword, and the status where the collection has one. */
export const adminListQuery = ({ keywordField, statuses, defaultLimit }: Pick<AdminContractSpec<unknown, unknown>, 'keywordField' | 'statuses' | 'defaultLimit'>) =>
  z.object({
    ...paginationQuery({ defaultLimit, maxLimit: 100 }),
    keyword: z.string().trim().max(200, 'must be at most 200 characters').optional().meta({ description: `Part of the ${keywordField}, any case` }),
    ...(statuses ? { status: z.enum(statuses, { error: () => `must be one of ${statuses.join(', ')}` }).optional() } : {}),
  })

/** List, create, update and delete of one collection under `/api/admin` (staff only). */
export const adminCrudContracts = <CreateInput, UpdateInput>(spec: AdminContractSpec<CreateInput, UpdateInput>) => {
  const base = { tag: 'Admin', access: 'staff' as const }
  const path = `/admin/${spec.path}`
  const denied = errors(401, 403)
  return {
    spec,
    list: defineRoute({
      ...base,
      method: 'get',
      path,
      operationId: `adminList${spec.label}s`,
      summary: `${spec.label}s, for editors`,
      query: adminListQuery(spec),
      responses: { 200: { description: 'One page', json: dataEnvelope(z.array(spec.record), { pagination: paginationMeta }) }, ...denied },
    }),
    create: defineRoute({
      ...base,
      method: 'post',
      path,
      operationId: `adminCreate${spec.label}`,
      summary: `Create a ${spec.label.toLowerCase()}`,
      description: '`null` for an optional key means "not given": the default applies. `id`, `createdAt` and `updatedAt` are ignored.',
      body: spec.createSchema,
      responses: { 201: { description: 'Created', json: dataEnvelope(spec.record) }, ...denied, ...errors(409) },
    }),
    update: defineRoute({
      ...base,
      method: 'put',
      path: `${path}/{id}`,
      operationId: `adminUpdate${spec.label}`,
      summary: `Change a ${spec.label.toLowerCase()}: only the keys given`,
      description: '`null` clears an optional key. `id`, `createdAt` and `updatedAt` are ignored.',
      params: recordIdParam,
      body: spec.updateSchema,
      responses: { 200: { description: 'Updated', json: dataEnvelope(spec.record) }, ...denied, ...errors(404, 409) },
    }),
    remove: defineRoute({
      ...base,
      method: 'delete',
      path: `${path}/{id}`,
      operationId: `adminDelete${spec.label}`,
      summary: `Delete a ${spec.label.toLowerCase()}`,
      params: recordIdParam,
      responses: { 200: { description: 'Deleted', json: dataEnvelope(z.strictObject({ id: recordId })) }, ...denied, ...errors(404, 409) },
    }),
  }
}

export type AdminContracts<CreateInput, UpdateInput> = ReturnType<typeof adminCrudContracts<CreateInput, UpdateInput>>

export const adminRoutesOf = ({ list, create, update, remove }: AdminContracts<unknown, unknown>): ApiRoute[] => [list, create, update, remove]
