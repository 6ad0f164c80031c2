import { z } from 'zod'

import { dataEnvelope } from './envelope'
import { defineRoute } from './route'

export const getHealth = defineRoute({
  method: 'get',
  path: '/health',
  operationId: 'getHealth',
  tag: 'Service',
  summary: 'Whether this process can serve: 503 while the database does not answer or the process shuts down',
  access: 'public',
  responses: {
    200: {
      description: 'Serving',
      json: dataEnvelope(z.strictObject({ status: z.literal('ok'), db: z.enum(['sqlite', 'postgres', 'mongodb']) })),
    },
  },
})

export const healthRoutes = [getHealth]
