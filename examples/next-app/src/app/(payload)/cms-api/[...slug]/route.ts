/* In place of the file Payload generates (app/(payload)/api/[...slug]/route.ts, REST_GET and the others of
   @payloadcms/next/routes): Payload's REST within the service's bounds (body sizes, `%00`, prototype names), at
   /cms-api, where the plugin moves it so that /api is free for the blog-portfolio contract. */
import config from '@payload-config'
import { cmsApiRouteHandlers } from 'blog-portfolio-service'

export const { GET, POST, DELETE, PATCH, PUT, OPTIONS } = cmsApiRouteHandlers(config)
