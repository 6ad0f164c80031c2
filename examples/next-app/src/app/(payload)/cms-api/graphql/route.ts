/* In place of the file Payload generates (app/(payload)/api/graphql/route.ts, GRAPHQL_POST): Payload's GraphQL within
   the service's bounds (operation size, depth and complexity, body size), at /cms-api/graphql. */
import config from '@payload-config'
import { cmsApiRouteHandlers } from 'blog-portfolio-service'

export const { POST, OPTIONS } = cmsApiRouteHandlers(config)
