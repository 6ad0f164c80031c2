/* THIS FILE WAS GENERATED AUTOMATICALLY BY PAYLOAD (app/(payload)/api/graphql/route.ts), moved to /cms-api. */
import config from '@payload-config'
import { GRAPHQL_POST, REST_OPTIONS } from '@payloadcms/next/routes'

export const POST = GRAPHQL_POST(config)

export const OPTIONS = REST_OPTIONS(config)
