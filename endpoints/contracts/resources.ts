import { z } from 'zod'

import { paginationQuery } from '../http/pagination'
import { count, dataEnvelope, isoDateTime, nullableText, recordId } from './envelope'
import { defineRoute, errors } from './route'

export const resourceListItemSchema = z
  .strictObject({
    id: recordId,
    title: z.string(),
    description: nullableText,
    fileSize: nullableText.meta({ description: 'As the editor wrote it, e.g. "2.4 MB"' }),
    downloadCount: count,
    createdAt: isoDateTime,
  })
  .meta({ id: 'ResourceListItem', description: 'No file address: downloads go through the counting redirect' })

export type ResourceListItem = z.infer<typeof resourceListItemSchema>

export const listResources = defineRoute({
  method: 'get',
  path: '/resources',
  operationId: 'listResources',
  tag: 'Resources',
  summary: 'Active downloadable resources, newest first',
  access: 'token-aware',
  query: z.object(paginationQuery({ defaultLimit: 10, maxLimit: 100 })),
  responses: {
    200: {
      description: 'One page',
      json: dataEnvelope(z.array(resourceListItemSchema), { total: count, page: z.int().min(1), limit: z.int().min(1) }),
    },
  },
})

export const downloadResource = defineRoute({
  method: 'get',
  path: '/resources/{id}/download',
  operationId: 'downloadResource',
  tag: 'Resources',
  summary: 'Download a resource; counts the download',
  description: 'Every GET counts one download and redirects to the file; HEAD does not count.',
  access: 'token-aware',
  params: z.object({ id: z.string().meta({ description: 'The resource id' }) }),
  responses: { 302: { description: 'To the file', headers: { Location: 'The file' } }, ...errors(404) },
})

export const resourceRoutes = [listResources, downloadResource]
